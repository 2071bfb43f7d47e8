import { z } from "zod";
import { fieldErrors } from "./field-errors";

/** What every admin endpoint answers: `ok`, or an `error` message (and per-field messages for a form). */
export type AdminApiBody = { ok: true; [key: string]: unknown } | { ok: false; error: string; errors?: Record<string, string> };

export const reply = (body: AdminApiBody, status = 200, headers?: HeadersInit): Response => Response.json(body, { status, headers });

const recordId = z.uuid();

/**
 * Whether a path's id is shaped like the ids the site makes (UUIDv7). Anything else names no row, and is
 * answered without asking the database (PostgreSQL refuses some strings outright, a NUL byte for one).
 */
export const isRecordId = (id: string): boolean => recordId.safeParse(id).success;

/** A 400 answer for a request that failed its form's schema: the first message, and each field's. */
export function invalid(error: z.ZodError): Response {
  const errors = fieldErrors(error);
  return reply({ ok: false, error: Object.values(errors)[0] ?? "Invalid request", errors }, 400);
}

/**
 * The request's form fields. The body was already capped in front of React Router (server/http); a body
 * that is not a form answers 400.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw reply({ ok: false, error: "The request is not a form" }, 400);
  }
}

/** Text fields as strings (a file where text belongs counts as empty). */
export function textFields(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => {
    const value = form.get(name);
    return [name, typeof value === "string" ? value : ""];
  }));
}
