import { z } from "zod";
import { withoutNul } from "./text";

/** The contact form's schema (SPEC section 5), shared by the form and the /contact action. */

export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 } as const;

const FILL_ALL = "Please fill all fields";

export const contactSchema = z.object({
  name: withoutNul(z.string().trim().min(1, FILL_ALL).max(CONTACT_LIMITS.name, `Name must be at most ${CONTACT_LIMITS.name} characters`), "Name"),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, FILL_ALL)
    .max(CONTACT_LIMITS.email, `Email must be at most ${CONTACT_LIMITS.email} characters`)
    .pipe(z.email({ error: "Invalid email" })),
  message: withoutNul(
    z.string().trim().min(1, FILL_ALL).max(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters`),
    "Message",
  ),
  submissionKey: withoutNul(z.string().trim().min(8).max(100), "The submission key").optional(),
});

export type ContactSubmission = z.infer<typeof contactSchema>;

/** The spec's strings (SPEC section 8). */
export const CONTACT_MESSAGES = {
  fillAll: FILL_ALL,
  success: "Thank you for contacting us! Email sent successfully.",
  failure: "Something went wrong while sending the email.",
  tooMany: "Too many messages from your network. Please try again later.",
} as const;
