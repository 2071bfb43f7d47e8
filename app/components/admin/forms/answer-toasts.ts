import { useRef } from "react";
import { showToast } from "#app/components/ui/toasts.ts";
import { type ActionAnswer, answerMessage } from "#app/lib/answer-message.ts";
import { useActionResult } from "#app/lib/use-action-result.ts";
import { NOT_DONE } from "#core/messages/common.ts";

/** What an admin post says as toasts, and what it does once taken. */
export interface AnswerToasts<Answer extends ActionAnswer> {
  /** Shown while the post runs, then replaced by its outcome. */
  loading?: string;
  /** Shown once the server took it: the server's own words (`answer.message`) come first. */
  success?: string | ((answer: Answer) => string | undefined);
  /**
   * Shown when it was refused: the server's reason, or this when it gave none. Left out, a refusal is shown by the form
   * itself (at its fields, or at its top).
   */
  failure?: string;
  /** Shown when it was refused, whatever the server's reason (a toast the spec fixes); the reasons stay at the fields. */
  fixedFailure?: string;
  onSuccess?: (answer: Answer) => void;
  onFailure?: (answer: Answer) => void;
}

/**
 * The toasts of one post's answer (a fetcher's data): `loading` from `announce()` until the answer comes, then the
 * success or the refusal in its place, once per answer.
 */
export function useAnswerToasts<Answer extends ActionAnswer>(answer: Answer | undefined, toasts: AnswerToasts<Answer>) {
  const loadingId = useRef<string>(undefined);
  useActionResult(answer, (outcome) => {
    const id = loadingId.current;
    loadingId.current = undefined;
    if (outcome.ok) {
      const success = outcome.message ?? (typeof toasts.success === "function" ? toasts.success(outcome) : toasts.success);
      if (success) showToast.success(success, { id });
      else if (id) showToast.dismiss(id);
      toasts.onSuccess?.(outcome);
      return;
    }
    // A loading toast is always replaced, so a post that shows one says why it was refused even without `failure`.
    if (toasts.fixedFailure !== undefined) showToast.error(toasts.fixedFailure, { id });
    else if (toasts.failure !== undefined || id) showToast.error(answerMessage(outcome) ?? toasts.failure ?? NOT_DONE, { id });
    toasts.onFailure?.(outcome);
  });
  return {
    /** Shows the `loading` toast, if there is one: call it as the post leaves. */
    announce: () => {
      if (toasts.loading) loadingId.current = showToast.loading(toasts.loading);
    },
  };
}
