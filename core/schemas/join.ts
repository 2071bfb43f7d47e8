import { z } from "zod";
import { fill, oncePerBook } from "#core/i18n/catalogue.ts";
import { formsEn, type FormWords } from "#core/i18n/forms/en.ts";
import { textChecksIn } from "./text";

/**
 * The join form's schemas (SPEC section 5), used by the form in the browser and by the /join action alike, so each
 * message is written once, in the catalogue (core/i18n/forms): `joinSchemasIn(words)` makes them in the page's
 * language. Every field has a length cap with its own message. An empty field arrives as undefined (Conform drops
 * empty values), so each required field's message is also its type error.
 */

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

function makeJoinSchemas(words: Pick<FormWords, "checks" | "join">) {
  const { checks, join } = words;
  const { withoutNul, capped, required, phone, email } = textChecksIn(words);
  const step1 = z.object({
    fullname: required(join.nameRequired, join.nameLabel, JOIN_LIMITS.name),
    class: required(join.classRequired, join.class, JOIN_LIMITS.class),
    department: required(join.departmentRequired, join.department, JOIN_LIMITS.department),
    sargodhaAddress: required(join.streetAddressRequired, join.streetAddressLabel, JOIN_LIMITS.address),
    permanentAddress: required(join.permanentAddressRequired, join.permanentAddress, JOIN_LIMITS.address),
    email: email(join.emailLabel, JOIN_LIMITS.email),
    phone: phone(join.phoneRequired, join.phoneLabel, JOIN_LIMITS.phone),
    bloodGroup: capped(z.string().trim(), join.bloodGroupLabel, JOIN_LIMITS.bloodGroup)
      .optional()
      .transform((value) => value ?? ""),
  });

  const answer = required(checks.questionRequired, join.answerLabel, JOIN_LIMITS.answer);
  const chips = z.preprocess(
    listEntries,
    z
      .array(withoutNul(z.string().max(JOIN_LIMITS.chip, fill(checks.entryTooLong, { max: JOIN_LIMITS.chip })), checks.anEntry))
      .min(1, checks.questionRequired)
      .max(JOIN_LIMITS.chips, fill(checks.tooManyEntries, { max: JOIN_LIMITS.chips })),
  );
  /** Questions 1–4 are free text; 5 and 6 are lists (chips). The question texts are content (content/site.ts). */
  const step2 = z.object({
    question1: answer,
    question2: answer,
    question3: answer,
    question4: answer,
    question5: chips,
    question6: chips,
  });
  /** What the form posts to /join: both steps, and the key that makes a retry harmless. */
  const submission = step1.extend(step2.shape).extend({
    submissionKey: withoutNul(z.string({ error: join.failure }).trim().min(8, join.failure).max(100, join.failure), "The submission key"),
  });
  return { step1, submission };
}

/** The join form's schemas with their messages in `words`' language (the same schemas for the same words). */
export const joinSchemasIn = oncePerBook((words: Pick<FormWords, "checks" | "join">) => words.join, makeJoinSchemas);

/** The schemas in English. */
export const { step1: joinStep1Schema, submission: joinSubmissionSchema } = joinSchemasIn(formsEn);

export type JoinSubmission = z.infer<typeof joinSubmissionSchema>;
