import { z } from "zod";
import { requiredText, urduText } from "./content-forms";
import type { Locale } from "#core/i18n/locale.ts";
import { UNKNOWN_INTENT_MESSAGE } from "#core/messages/common.ts";

export const CONFIRMATION_LIMITS = { subject: 150, text: 5000 } as const;

/**
 * The confirmation mail's wording until the committee writes its own. `{name}` becomes the applicant's name and
 * `{society}` the site's short name, in the subject and the text alike.
 */
export const DEFAULT_CONFIRMATION = {
  subject: "We received your application to {society}",
  text: [
    "Dear {name},",
    "",
    "Thank you for applying to join {society}. We received your application, and a member of the committee will contact you soon.",
    "",
    "If you did not apply, you can ignore this mail.",
  ].join("\n"),
} as const;

/**
 * The same in Urdu, for applicants through the Urdu Join Us form while the committee has written neither an Urdu
 * wording nor its own English one (see the mail settings service).
 */
export const DEFAULT_CONFIRMATION_UR = {
  subject: "{society} میں آپ کی درخواست موصول ہو گئی",
  text: [
    "محترم {name}،",
    "",
    "{society} میں شمولیت کے لیے درخواست دینے کا شکریہ۔ ہمیں آپ کی درخواست موصول ہو گئی ہے، اور کمیٹی کا ایک رکن جلد آپ سے رابطہ کرے گا۔",
    "",
    "اگر آپ نے درخواست نہیں دی تھی تو اس ای میل کو نظر انداز کر دیں۔",
  ].join("\n"),
} as const;

/** The placeholders a confirmation mail's subject and text may use, and what they stand for. */
export const CONFIRMATION_PLACEHOLDERS = { "{name}": "the applicant's name", "{society}": "the society's short name" } as const;

/** Fills in the placeholders; anything else in braces stays as written. */
export function fillPlaceholders(template: string, values: { name: string; society: string }): string {
  return template.replace(/\{(name|society)\}/g, (_, key: "name" | "society") => values[key]);
}

/**
 * What `{name}` becomes when the name typed is not one a person has (see greetableName), in the applicant's language:
 * the mail goes to whoever was typed.
 */
export const NAME_STANDING_IN: Record<Locale, string> = { en: "applicant", ur: "درخواست گزار" };

/** Where the notification mails go; left empty, the default (MAIL_TO, else the first admin's email). */
export const notificationAddressSchema = z.object({
  notificationEmail: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, "Email must be at most 254 characters")
    .refine((email) => email === "" || z.email().safeParse(email).success, "Enter a valid email address")
    .optional(),
});

const oneLine = (subject: string | undefined) => !/[\r\n]/.test(subject ?? "");

/** The applicant's confirmation mail: on or off, and its subject and text; in Urdu too if the committee writes it (empty: none). */
export const confirmationMailSchema = z.object({
  enabled: z.literal("on").optional(),
  subject: requiredText("Subject", CONFIRMATION_LIMITS.subject).refine(oneLine, "Subject must be one line"),
  text: requiredText("Text", CONFIRMATION_LIMITS.text),
  subjectUr: urduText("Subject", CONFIRMATION_LIMITS.subject).refine(oneLine, "Subject in Urdu must be one line"),
  textUr: urduText("Text", CONFIRMATION_LIMITS.text),
});

/** What /admin/mail's forms do, by their `intent`: store the notification address, store the confirmation mail. */
export const mailSettingsActionSchema = z.discriminatedUnion(
  "intent",
  [
    notificationAddressSchema.extend({ intent: z.literal("notification-address") }),
    confirmationMailSchema.extend({ intent: z.literal("confirmation") }),
  ],
  { error: UNKNOWN_INTENT_MESSAGE },
);
