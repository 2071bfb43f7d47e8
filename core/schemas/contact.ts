import { z } from "zod";
import { CONTACT_MESSAGES } from "#core/messages/contact.ts";
import { withoutNul } from "./text";

/** The contact form's schema (SPEC section 5), shared by the form and the /contact action. */

const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 } as const;

const FILL_ALL = CONTACT_MESSAGES.fillAll;

const required = (label: string, max: number) =>
  withoutNul(z.string({ error: FILL_ALL }).trim().min(1, FILL_ALL).max(max, `${label} must be at most ${max} characters`), label);

export const contactSchema = z.object({
  name: required("Name", CONTACT_LIMITS.name),
  email: z
    .string({ error: FILL_ALL })
    .trim()
    .toLowerCase()
    .min(1, FILL_ALL)
    .max(CONTACT_LIMITS.email, `Email must be at most ${CONTACT_LIMITS.email} characters`)
    .pipe(z.email({ error: "Invalid email" })),
  message: required("Message", CONTACT_LIMITS.message),
  submissionKey: withoutNul(z.string().trim().min(8).max(100), "The submission key").optional(),
});

export type ContactSubmission = z.infer<typeof contactSchema>;
