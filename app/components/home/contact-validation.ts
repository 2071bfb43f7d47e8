import { parseWithZod } from "@conform-to/zod/v4";
import type { FormWords } from "#core/i18n/forms/en.ts";
import { contactSchemaIn } from "#core/schemas/contact.ts";

/**
 * The contact form's check in the browser: the schema /contact parses with, its messages in the page's language,
 * loaded when a visitor starts writing.
 */
export const validateContact = (formData: FormData, words: Pick<FormWords, "checks" | "contact">) =>
  parseWithZod(formData, { schema: contactSchemaIn(words) });
