import { z } from "zod";

const SEARCH_MAX = 100;

/** A value the filter does not understand is left out rather than refused: an old bookmark still opens the list. */
export const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/** An admin list's search text (`q`): trimmed, NUL bytes dropped, cut at 100 characters (never widened to nothing). */
export const searchText = lenient(z.string().transform((q) => q.replaceAll("\u0000", "").trim().slice(0, SEARCH_MAX).trim()));

/** An admin list's page (`page`), from 1; anything else is the first. */
export const pageNumber = z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1);

/** The filter of a URL's query string (`?q=…&page=…`), read with the list's `schema`. */
export const filterOf =
  <T extends z.ZodType>(schema: T) =>
  (params: URLSearchParams): z.output<T> =>
    schema.parse(Object.fromEntries(params));

/** The rows ticked in an admin list (`ids`): at least one, at most 500 at a time; `row` names one ("request"). */
export const tickedIds = (row: string) =>
  z
    .array(z.uuid({ error: `Choose at least one ${row}` }), { error: `Choose at least one ${row}` })
    .min(1, `Choose at least one ${row}`)
    .max(500, `Choose at most 500 ${row}s at a time`);

/** The query string of a list's filter: the `values` given, in their order, then `page` unless it is the first; "" for none. */
export function filterQuery(values: Record<string, string | undefined>, page: number | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  if (page && page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "";
}
