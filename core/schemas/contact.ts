import { z } from "zod";
import { oncePerBook } from "#core/i18n/catalogue.ts";
import { formsEn, type FormWords } from "#core/i18n/forms/en.ts";
import { textChecksIn } from "./text";

/**
 * The contact form's schema (SPEC section 5), shared by the form and the /contact action; `contactSchemaIn(words)`
 * has its messages in the page's language (core/i18n/forms).
 */

const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 } as const;

function makeContactSchema(words: Pick<FormWords, "checks" | "contact">) {
  const { contact } = words;
  const { withoutNul, required, email } = textChecksIn(words);
  return z.object({
    name: required(contact.fillAll, contact.name, CONTACT_LIMITS.name),
    email: email(contact.email, CONTACT_LIMITS.email, contact.fillAll),
    message: required(contact.fillAll, contact.message, CONTACT_LIMITS.message),
    submissionKey: withoutNul(z.string().trim().min(8).max(100), "The submission key").optional(),
  });
}

/** The contact form's schema with its messages in `words`' language (the same schema for the same words). */
export const contactSchemaIn = oncePerBook((words: Pick<FormWords, "checks" | "contact">) => words.contact, makeContactSchema);

/** The schema in English. */
export const contactSchema = contactSchemaIn(formsEn);

export type ContactSubmission = z.infer<typeof contactSchema>;
