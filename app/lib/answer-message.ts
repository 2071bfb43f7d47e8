import type { SubmissionResult } from "@conform-to/react";

/** What an admin action answers: a button's `error`, or a form's Conform result with messages per field. */
export interface ActionAnswer {
  ok: boolean;
  error?: string;
  result?: SubmissionResult<string[]>;
}

/** The server's own words for why an action was refused, to show the admin; undefined when it gave none. */
export function answerMessage(answer: ActionAnswer): string | undefined {
  if (answer.error) return answer.error;
  return Object.values(answer.result?.error ?? {}).flat()[0] ?? undefined;
}
