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
export function answerMessage(answer: ActionAnswer): string | undefined {
  if (answer.error) return answer.error;
  return Object.values(answer.result?.error ?? {}).flat()[0] ?? undefined;
}
