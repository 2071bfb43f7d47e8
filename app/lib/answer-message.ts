import type { SubmissionResult } from "@conform-to/react";

/**
 * What an admin action answers: Conform's result (a refusal's messages, for the form or per field), and, once taken,
 * what the server says was done (`message`); a guard's refusal says `error` instead.
 */
export interface ActionAnswer {
  ok: boolean;
  message?: string;
  error?: string;
  result?: SubmissionResult<string[]>;
}

/** The server's own words for why an action was refused, to show the admin; undefined when it gave none. */
export const answerMessage = (answer: ActionAnswer): string | undefined => answer.error || refusalMessage(answer);

/** The first message of Conform's result in an answer (at a field, or for the whole form); a guard's `error` is not one. */
export const refusalMessage = (answer: unknown): string | undefined =>
  Object.values((answer as ActionAnswer | null)?.result?.error ?? {}).flat()[0] ?? undefined;
