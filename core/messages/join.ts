import { QUESTION_REQUIRED } from "#core/messages/common.ts";

/** The join form's toasts, notices and refusals: the spec's strings (SPEC sections 4, 5 and 8). */
export const JOIN_MESSAGES = {
  processing: "Processing...",
  success: "Thank you for joining us, we will contact you soon!",
  failure: "Something went wrong while submitting. Try again.",
  closed: "Applications are closed at the moment.",
  tooManyFromNetwork: (wait: string) => `Too many applications from your network. Please try again in ${wait}.`,
  tooManyForEmail: (wait: string) => `Too many applications with this email today. Please try again in ${wait}.`,
  questionRequired: QUESTION_REQUIRED,
} as const;
