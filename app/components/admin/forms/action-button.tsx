import { type ReactNode, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { INTENT_FIELD } from "#core/schemas/intent.ts";
import { Button, type ButtonProps } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import type { ActionAnswer } from "#app/lib/answer-message.ts";
import { type AnswerToasts, useAnswerToasts } from "./answer-toasts";

/** The question an action button asks before it posts: the dialog names what it acts on. */
export interface Confirmation {
  title: string;
  body: ReactNode;
  /** The dialog's confirming button, "Delete" say. */
  label: string;
}

/**
 * A button that posts one action without fields of its own: `intent` and `fields` to `action` (the page it is on,
 * unless another is named), disabled with a spinner while it runs, its answer said as toasts (`toasts.failure` is
 * required: a button has no form to show a refusal in). With `confirm`, it asks first, in a dialog that cannot be
 * dismissed half-way, which closes once the answer has come.
 */
export function ActionButton<Answer extends ActionAnswer = ActionAnswer>({
  action,
  intent,
  fields = {},
  toasts,
  confirm,
  children,
  variant = "outline",
  size = "sm",
  className,
  ...button
}: Omit<ButtonProps, "type" | "onClick" | "disabled" | "asChild" | "form"> & {
  action?: string;
  intent?: string;
  fields?: Record<string, string>;
  toasts: AnswerToasts<Answer> & { failure: string };
  confirm?: Confirmation;
  children: ReactNode;
}) {
  const fetcher = useFetcher<Answer>();
  const form = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState(false);
  const busy = fetcher.state !== "idle";
  // The answer is plain data, so what the fetcher decodes is the very type the action answered.
  const answer = fetcher.data as Answer | undefined;
  const { announce } = useAnswerToasts(answer, {
    ...toasts,
    onSuccess: (answer) => {
      setAsking(false);
      toasts.onSuccess?.(answer);
    },
    onFailure: (answer) => {
      setAsking(false);
      toasts.onFailure?.(answer);
    },
  });
  return (
    <>
      <fetcher.Form ref={form} method="post" action={action} onSubmit={announce} className={className}>
        {intent && <input type="hidden" name={INTENT_FIELD} value={intent} />}
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Button
          type={confirm ? "button" : "submit"}
          onClick={confirm ? () => setAsking(true) : undefined}
          disabled={busy}
          variant={variant}
          size={size}
          {...button}
        >
          {busy && !confirm && <Spinner />}
          {children}
        </Button>
      </fetcher.Form>
      {confirm && (
        <ConfirmDialog
          open={asking}
          busy={busy}
          onOpenChange={(open) => !open && !busy && setAsking(false)}
          title={confirm.title}
          confirmLabel={confirm.label}
          confirmVariant="danger"
          onConfirm={() => form.current?.requestSubmit()}
        >
          {confirm.body}
        </ConfirmDialog>
      )}
    </>
  );
}
