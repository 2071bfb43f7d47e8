import { z } from "zod";
import { JOIN_MESSAGES } from "#core/messages/join.ts";
import { withoutNul } from "./text";

/**
 * The join form's schemas (SPEC section 5), used by the form in the browser and by the /join action alike, so each
 * message is written once. Every field has a length cap with its own message. An empty field arrives as undefined
 * (Conform drops empty values), so each required field's message is also its type error.
 */

const required = (message: string, label: string, max: number) =>
  withoutNul(z.string({ error: message }).trim().min(1, message).max(max, `${label} must be at most ${max} characters`), label);

const JOIN_LIMITS = {
  name: 100,
  class: 50,
  department: 100,
  address: 300,
  email: 254,
  phone: 20,
  bloodGroup: 10,
  answer: 2000,
  chip: 100,
  chips: 30,
} as const;

export const joinStep1Schema = z.object({
  fullname: required("Name is required", "Name", JOIN_LIMITS.name),
  class: required("Class is required", "Class", JOIN_LIMITS.class),
  department: required("Department is required", "Department", JOIN_LIMITS.department),
  sargodhaAddress: required("Street address is required", "Street address", JOIN_LIMITS.address),
  permanentAddress: required("Permanent address is required", "Permanent address", JOIN_LIMITS.address),
  email: z
    .string({ error: "Invalid email" })
    .trim()
    .toLowerCase()
    .max(JOIN_LIMITS.email, `Email must be at most ${JOIN_LIMITS.email} characters`)
    .pipe(z.email({ error: "Invalid email" })),
  phone: withoutNul(
    z
      .string({ error: "Phone number is required" })
      .trim()
      .min(10, "Phone number is required")
      .max(JOIN_LIMITS.phone, `Phone number must be at most ${JOIN_LIMITS.phone} characters`),
    "Phone number",
  ),
  bloodGroup: withoutNul(
    z.string().trim().max(JOIN_LIMITS.bloodGroup, `Blood group must be at most ${JOIN_LIMITS.bloodGroup} characters`),
    "Blood group",
  )
    .optional()
    .transform((value) => value ?? ""),
});

const { questionRequired: QUESTION_REQUIRED, failure: FAILURE } = JOIN_MESSAGES;

const answer = required(QUESTION_REQUIRED, "Answer", JOIN_LIMITS.answer);

/**
 * The entries of a list answer (hobbies, books): one value per chip, or, from the form without JavaScript (and as
 * stored), one text with the entries separated by commas. Entries are trimmed, without empty ones or repeats, in order.
 */
export const listEntries = (value: unknown): string[] => [
  ...new Set(
    [value]
      .flat()
      .filter((entry): entry is string => typeof entry === "string")
      .flatMap((entry) => entry.split(","))
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ""),
  ),
];

const chips = z.preprocess(
  listEntries,
  z
    .array(withoutNul(z.string().max(JOIN_LIMITS.chip, `Each entry must be at most ${JOIN_LIMITS.chip} characters`), "An entry"))
    .min(1, QUESTION_REQUIRED)
    .max(JOIN_LIMITS.chips, `At most ${JOIN_LIMITS.chips} entries`),
);

/** Questions 1–4 are free text; 5 and 6 are lists (chips). The question texts are content (content/site.ts). */
const joinStep2Schema = z.object({
  question1: answer,
  question2: answer,
  question3: answer,
  question4: answer,
  question5: chips,
  question6: chips,
});

/** What the form posts to /join: both steps, and the key that makes a retry harmless. */
export const joinSubmissionSchema = joinStep1Schema.extend(joinStep2Schema.shape).extend({
  submissionKey: withoutNul(z.string({ error: FAILURE }).trim().min(8, FAILURE).max(100, FAILURE), "The submission key"),
});

export type JoinSubmission = z.infer<typeof joinSubmissionSchema>;
