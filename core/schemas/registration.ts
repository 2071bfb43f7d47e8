import { z } from "zod";
import { oncePerBook } from "#core/i18n/catalogue.ts";
import { formsEn, type FormWords } from "#core/i18n/forms/en.ts";
import { registrationEn, type RegistrationWords } from "#core/i18n/registration/en.ts";
import { UNKNOWN_INTENT_MESSAGE } from "#core/messages/common.ts";
import { REGISTRATION_MESSAGES } from "#core/messages/registration.ts";
import { REGISTRATION_LIMITS } from "./registration-limits";
import { filledText, oneKindOfLineBreak, textChecksIn, wholeNumber, withoutNul } from "./text";
import { targetIdField } from "./intent";
import { certificateIntents } from "./certificates";

/**
 * Registrations an announcement collects on the site: the admin's extra questions (part of the announcement form) and
 * the public registration form built from them, shared by the browser and the server so each message is written once.
 */

export const QUESTION_KINDS = ["short", "long", "choice"] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  short: "Short text",
  long: "Long text",
  choice: "One choice of several",
};

/** An extra question as the admin wrote it. */
export interface RegistrationQuestion {
  label: string;
  kind: QuestionKind;
  /** The choices of a "choice" question; empty otherwise. */
  choices: string[];
  required: boolean;
}

/** The choices of a "choice" question, one per line in the admin's form: trimmed, without empty lines or repeats. */
export const choiceLines = (text: string): string[] => [
  ...new Set(
    text
      .split(/\r\n?|\n/)
      .map((line) => line.trim())
      .filter((line) => line !== ""),
  ),
];

/** One of the admin form's five question slots; a slot without a question is left out. */
const questionSlot = z
  .object({
    label: withoutNul(
      z.string().trim().max(REGISTRATION_LIMITS.question, `A question must be at most ${REGISTRATION_LIMITS.question} characters`),
      "A question",
    ).optional(),
    kind: z.enum(QUESTION_KINDS).default("short"),
    choices: withoutNul(z.string(), "Choices").optional(),
    required: z.preprocess((value) => value === "on", z.boolean()),
  })
  .superRefine((slot, context) => {
    if (!slot.label || slot.kind !== "choice") return;
    const choices = choiceLines(slot.choices ?? "");
    if (choices.length < 2) context.addIssue({ code: "custom", path: ["choices"], message: REGISTRATION_MESSAGES.choicesNeeded });
    if (choices.length > REGISTRATION_LIMITS.choices)
      context.addIssue({ code: "custom", path: ["choices"], message: `At most ${REGISTRATION_LIMITS.choices} choices` });
    if (choices.some((choice) => choice.length > REGISTRATION_LIMITS.choice))
      context.addIssue({
        code: "custom",
        path: ["choices"],
        message: `Each choice must be at most ${REGISTRATION_LIMITS.choice} characters`,
      });
  });

/** The announcement form's extra questions: up to five slots, the written ones kept in order. */
export const registrationQuestionsField = z
  .array(questionSlot)
  .max(REGISTRATION_LIMITS.questions, `At most ${REGISTRATION_LIMITS.questions} questions`)
  .optional()
  .transform((slots): RegistrationQuestion[] =>
    (slots ?? [])
      .filter((slot) => slot.label)
      .map((slot) => ({
        label: slot.label!,
        kind: slot.kind,
        choices: slot.kind === "choice" ? choiceLines(slot.choices ?? "") : [],
        required: slot.required,
      })),
  );

/** The announcement form's number of places: empty for no limit. */
export const capacityField = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  wholeNumber(1, REGISTRATION_LIMITS.capacity, REGISTRATION_MESSAGES.capacity).optional(),
);

/** The field of the answer to extra question `index` (0-based). */
export const answerField = (index: number) => `answer${index + 1}`;

/** The words the registration form's checks say: the forms' shared checks, and the registration form's own. */
export type RegistrationSchemaWords = Pick<FormWords, "checks"> & Pick<RegistrationWords, "register">;

/**
 * The registration form's checks with their messages in `words`' language: who registers (also a walk-in's, at the
 * door), and the schema of a form with given questions. The questions stay as the committee wrote them.
 */
function makeRegistrationSchemas({ checks, register }: RegistrationSchemaWords) {
  const { capped, required, phone, email } = textChecksIn({ checks });

  function answerSchema(question: RegistrationQuestion) {
    if (question.kind === "choice") {
      const choice = z.string({ error: register.chooseOne }).refine((value) => question.choices.includes(value), {
        message: register.chooseOne,
      });
      return question.required ? choice : choice.optional();
    }
    const max = question.kind === "short" ? REGISTRATION_LIMITS.shortAnswer : REGISTRATION_LIMITS.longAnswer;
    const text = capped(z.string({ error: checks.questionRequired }).overwrite(oneKindOfLineBreak).trim(), register.answerLabel, max);
    return question.required ? text.min(1, checks.questionRequired) : text.optional();
  }

  /** Who registers: on the registration form, and for a walk-in at the door. */
  const personFields = {
    name: required(register.nameRequired, register.name, REGISTRATION_LIMITS.name),
    email: email(register.email, REGISTRATION_LIMITS.email),
    phone: phone(register.phoneRequired, register.phone, REGISTRATION_LIMITS.phone),
  };

  /**
   * The registration form of an announcement with these extra questions: name, email, phone, class and one answer per
   * question. `waitingList` is the person's yes to the waiting list once the places are taken.
   */
  function form(questions: readonly RegistrationQuestion[]) {
    const answers = Object.fromEntries(questions.map((question, index) => [answerField(index), answerSchema(question)]));
    return (
      z
        .object({
          ...personFields,
          class: required(register.classRequired, register.class, REGISTRATION_LIMITS.class),
          waitingList: z.preprocess((value) => value === "yes", z.boolean()),
          submissionKey: withoutNul(z.string().trim().min(8).max(100), "The submission key").optional(),
        })
        // The answers' fields are known only at run time: their values are read by name below.
        .extend(answers as Record<never, never>)
        .transform((value): RegistrationInput => ({
          name: value.name,
          email: value.email,
          phone: value.phone,
          class: value.class,
          waitingList: value.waitingList,
          submissionKey: value.submissionKey,
          answers: questions.map((question, index) => ({
            question: question.label,
            answer: String((value as Record<string, unknown>)[answerField(index)] ?? ""),
          })),
        }))
    );
  }
  return { personFields, form };
}

/** The registration form's checks with their messages in `words`' language (the same checks for the same words). */
export const registrationSchemasIn = oncePerBook((words: RegistrationSchemaWords) => words.register, makeRegistrationSchemas);

const english = registrationSchemasIn({ checks: formsEn.checks, register: registrationEn.register });

/** A registration as the form sends it, checked: the answers as {question, answer} pairs, in the questions' order. */
export interface RegistrationInput {
  name: string;
  email: string;
  phone: string;
  class: string;
  /** The person's yes to the waiting list, once the places are taken. */
  waitingList: boolean;
  submissionKey?: string;
  answers: { question: string; answer: string }[];
}

/** A door link's label: who it is for ("Main gate", a volunteer's name). */
const DOOR_LINK_LABEL_MAX = 60;
const DOOR_LINK_LABEL_REQUIRED = "Say who the link is for";

/** What an announcement's registrations page does, by its `intent`: remove one registration, door links, certificates. */
export const registrationsActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("delete"), registrationId: targetIdField("registration") }),
    z.object({
      intent: z.literal("door-link"),
      label: filledText(DOOR_LINK_LABEL_REQUIRED).max(DOOR_LINK_LABEL_MAX, `At most ${DOOR_LINK_LABEL_MAX} characters`),
    }),
    z.object({ intent: z.literal("revoke-door-link"), linkId: targetIdField("door link") }),
    ...certificateIntents,
  ],
  { error: UNKNOWN_INTENT_MESSAGE },
);

/** How many offline check-ins a door phone sends in one post. */
export const OFFLINE_CHECK_INS_PER_POST = 200;

/** The check-ins a door phone made offline, sent as JSON: whom (a registration id from its list) and when. */
const offlineCheckInsField = z
  .string()
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: "custom", message: "Not a list of check-ins" });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(z.object({ registrationId: z.string().max(64), at: z.iso.datetime({ offset: false }) }))
      .max(OFFLINE_CHECK_INS_PER_POST, `At most ${OFFLINE_CHECK_INS_PER_POST} check-ins at once`),
  );

/**
 * What the check-in screen does, by its `intent`: check a person in (picked, or a scanned ticket), add someone who came
 * without registering (a walk-in), undo a check-in, or send the check-ins the phone made offline.
 */
export const checkInActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("check-in"), registrationId: targetIdField("registration") }),
    z.object({ intent: z.literal("undo"), registrationId: targetIdField("registration") }),
    z.object({ intent: z.literal("scan"), token: z.string().max(100, "Not a ticket") }),
    z.object({ intent: z.literal("walk-in"), ...english.personFields }),
    z.object({ intent: z.literal("sync"), checkIns: offlineCheckInsField }),
  ],
  { error: UNKNOWN_INTENT_MESSAGE },
);
