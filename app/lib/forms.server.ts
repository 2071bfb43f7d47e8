import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { HONEYPOT_FIELD } from "#core/schemas/limits";

/** The request's form fields. The body was capped in front of React Router; one that is not a form answers 400. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ ok: false, error: "The request is not a form" }, { status: 400 });
  }
}

/** A person never sees the honeypot field; anything in it means a bot filled the form. */
export function honeypotFilled(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value === "string" ? value.trim() !== "" : value !== null;
}

/**
 * A form's answer: whether it was taken, Conform's result (values, and a message per field or for the form), and what
 * else it says (the id of what it made).
 */
export const formAnswer = (result: SubmissionResult<string[]>, status = 200, headers?: HeadersInit, extra: { id?: string } = {}) =>
  data({ ok: status < 400, result, ...extra }, { status, headers });

/**
 * A button's answer (delete, switch): ok, or not with the reason, for whoever calls the action directly. The page
 * shows the spec's own words for a failure and reads only `ok`.
 */
export const buttonAnswer = (answer: { ok: true; [key: string]: unknown } | { ok: false; error: string }, status = 200) =>
  data(answer, { status });
