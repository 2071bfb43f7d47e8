import { z } from "zod";
import { fill } from "#core/i18n/catalogue.ts";
import type { FormWords } from "#core/i18n/forms/en.ts";

/**
 * U+0000 (NUL) in a text field: nobody types it, SQLite would store it, and PostgreSQL refuses it in a text
 * column (the insert fails). Every text field that is stored or looked up refuses it, the same on both engines.
 */
export function withoutNul<T extends z.ZodString>(
  schema: T,
  label: string,
  message = `${label} contains a character that is not allowed`,
): T {
  return schema.refine((value) => !value.includes("\u0000"), message);
}

/** A text that must be filled in: trimmed, and told `message` when it is missing or empty. */
export const filledText = (message: string) => z.string({ error: message }).trim().min(1, message);

/** A textarea's lines arrive CRLF-separated from a browser's form; stored, they are separated by \n alone. */
export const oneKindOfLineBreak = (text: string) => text.replace(/\r\n?/g, "\n");

/** A whole number from `min` to `max` as a form sends it; anything else is told `message`. */
export const wholeNumber = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

/** A file field: none chosen (an empty file part, as a browser sends it) is no file. */
export const chosenFile = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value instanceof Blob && value.size === 0 ? undefined : value), schema);

/** A public form's text checks, their messages in the language of `checks` (core/i18n/forms): no NUL, a length cap, a phone, an email. */
export function textChecksIn({ checks }: Pick<FormWords, "checks">) {
  const withoutNulIn = <T extends z.ZodString>(schema: T, label: string) => withoutNul(schema, label, fill(checks.notAllowed, { label }));
  const capped = (schema: z.ZodString, label: string, max: number) =>
    withoutNulIn(schema.max(max, fill(checks.tooLong, { label, max })), label);
  const required = (message: string, label: string, max: number) => capped(filledText(message), label, max);
  /** A phone number: at least 10 characters, else `message`. */
  const phone = (message: string, label: string, max: number) => capped(z.string({ error: message }).trim().min(10, message), label, max);
  /** An email address, kept in lower case; a missing or empty one is told `missing`. */
  const email = (label: string, max: number, missing = checks.invalidEmail) =>
    z
      .string({ error: missing })
      .trim()
      .toLowerCase()
      .min(1, missing)
      .max(max, fill(checks.tooLong, { label, max }))
      .pipe(z.email({ error: checks.invalidEmail }));
  return { withoutNul: withoutNulIn, capped, required, phone, email };
}

/**
 * Control characters nobody types but a paste or a script can bring: C0 (but tab, line breaks and NUL, which
 * `withoutNul` refuses with a message), DEL, C1, and the Unicode bidirectional controls, which can make a name display
 * as something else (reversed, its end shown first) in the admin's lists.
 */
const INVISIBLE_CONTROLS = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
const KEPT_CONTROLS = new Set(["\t", "\n", "\r", "\u0000"]);

/** The text without INVISIBLE_CONTROLS: what every form field is read as, passwords excepted. */
export const withoutInvisibleControls = (text: string) =>
  text.replace(INVISIBLE_CONTROLS, (control) => (KEPT_CONTROLS.has(control) ? control : ""));
