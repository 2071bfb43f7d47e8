import { z } from "zod";

const SEARCH_MAX = 100;

/** A value the filter does not understand is left out rather than refused: an old bookmark still opens the list. */
export const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/** An admin list's search text (`q`): trimmed, NUL bytes dropped, cut at 100 characters (never widened to nothing). */
export const searchText = lenient(z.string().transform((q) => q.replaceAll("\u0000", "").trim().slice(0, SEARCH_MAX).trim()));

/** An admin list's page (`page`), from 1; anything else is the first. */
export const pageNumber = z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1);

/** The query string of a list's filter: the `values` given, in their order, then `page` unless it is the first; "" for none. */
export function filterQuery(values: Record<string, string | undefined>, page: number | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  if (page && page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "";
}
