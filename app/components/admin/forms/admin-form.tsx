import { type FormMetadata, getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { FormEvent, ReactNode } from "react";
import { type FetcherWithComponents, useActionData, useFetcher } from "react-router";
import type { z } from "zod";
import { INTENT_FIELD } from "#core/schemas/intent.ts";
import type { ButtonProps } from "#app/components/ui/button.tsx";
import { FormMessage, firstMessage } from "#app/components/ui/field.tsx";
import { SubmitButton } from "#app/components/ui/submit-button.tsx";
import { type AnswerToasts, useAnswerToasts } from "./answer-toasts";

/** What an admin form's action answers (app/lib/forms.server.ts): taken or not, Conform's result, what else it says. */
export interface FormAnswer {
  ok: boolean;
  /** What was done, in the server's words, for the toast. */
  message?: string;
  /** The new item's id. */
  id?: string;
  result: SubmissionResult<string[]>;
}

type Schema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;
type FormOptionsOf<S extends Schema> = Parameters<typeof useForm<z.input<S>, z.output<S>, string[]>>[0];

/** The item a form edits: its id (none for a one-of-a-kind item, like the site's details) and the version it was read at. */
export interface EditedItem {
  id?: string;
  version: number;
}

/**
 * The answer a post made without JavaScript brought back, when it was this form's: the page is drawn again with it
 * (app/lib/forms.server.ts sends a refusal back as the page), so its messages show at this form's fields.
 */
function usePageAnswer(intent: string | undefined, item: EditedItem | undefined): SubmissionResult<string[]> | undefined {
  const answer = useActionData<unknown>() as Partial<FormAnswer> | undefined;
  const posted = answer?.result?.initialValue;
  if (!posted || posted[INTENT_FIELD] !== intent || intent === undefined) return undefined;
  return (posted.id ?? undefined) === item?.id ? answer.result : undefined;
}

/**
 * An admin form's state: posted through a fetcher to its page's action as `intent` (or to `action`), checked with `schema` in the
 * browser (on blur, then as the admin types) as the server checks it, the toasts of its answer (what the server says
 * it did: "Saved", say), and `onSaved` once taken (a dialog closes, say).
 */
export function useAdminForm<S extends Schema, Answer extends FormAnswer = FormAnswer>({
  id,
  action,
  intent,
  item,
  schema,
  defaultValue,
  toasts = {},
  onSaved,
  shouldValidate = "onBlur",
}: {
  id: string;
  /** Where it posts: the page it is on, unless another page's action is named. */
  action?: string;
  /** Which of the page's actions it is; none for an action that does one thing. */
  intent?: string;
  /** The item edited; none for a new one. */
  item?: EditedItem;
  schema: S;
  /** The stored item's fields, as the form shows them (text). */
  defaultValue?: FormOptionsOf<S>["defaultValue"];
  toasts?: Pick<AnswerToasts<Answer>, "success" | "failure" | "fixedFailure">;
  onSaved?: (answer: Answer) => void;
  shouldValidate?: "onBlur" | "onSubmit";
}) {
  const fetcher = useFetcher<Answer>();
  // The answer is plain data, so what the fetcher decodes is the very type the action answered.
  const answer = fetcher.data as Answer | undefined;
  const pageAnswer = usePageAnswer(intent, item);
  const [form, fields] = useForm<z.input<S>, z.output<S>, string[]>({
    id,
    lastResult: answer?.result ?? pageAnswer,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate,
    shouldRevalidate: "onInput",
  });
  useAnswerToasts(answer, { ...toasts, onSuccess: onSaved });
  return { fetcher, form, fields, action, intent, item, busy: fetcher.state !== "idle" };
}

/** What `AdminForm` draws of the state `useAdminForm` gave. */
interface AdminFormState<Shape extends Record<string, unknown>, Answer extends FormAnswer> {
  fetcher: FetcherWithComponents<Answer>;
  form: FormMetadata<Shape, string[]>;
  action?: string;
  intent?: string;
  item?: EditedItem;
  busy: boolean;
}

/**
 * The form element of every admin form: posted to its page's action as its intent, the form-wide message (a conflict,
 * say) at its top, the item's id and the version it was read at when it is an edit, its fields, and its submit button.
 * `onSubmit` may stop the post (to ask first); the form's own checks run when it does not.
 */
export function AdminForm<Shape extends Record<string, unknown>, Answer extends FormAnswer>({
  form: { fetcher, form, action, intent, item, busy },
  withFiles = false,
  label,
  submit = "Save",
  submitVariant,
  submitClassName,
  className = "flex flex-col gap-4",
  onSubmit,
  children,
}: {
  form: AdminFormState<Shape, Answer>;
  /** The form carries a file (a photo). */
  withFiles?: boolean;
  /** The form's accessible name, where the screen has more than one form. */
  label?: string;
  submit?: ReactNode;
  submitVariant?: ButtonProps["variant"];
  submitClassName?: string;
  className?: string;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const formError = firstMessage(form.errors);
  const formProps = getFormProps(form);
  return (
    <fetcher.Form
      method="post"
      action={action}
      encType={withFiles ? "multipart/form-data" : undefined}
      {...formProps}
      onSubmit={(event) => {
        onSubmit?.(event);
        if (!event.defaultPrevented) formProps.onSubmit(event);
      }}
      className={className}
      aria-label={label}
    >
      {formError && <FormMessage>{formError}</FormMessage>}
      {intent && <input type="hidden" name={INTENT_FIELD} value={intent} />}
      {item?.id && <input type="hidden" name="id" value={item.id} />}
      {item && <input type="hidden" name="version" value={String(item.version)} />}
      {children}
      <SubmitButton busy={busy} variant={submitVariant} className={submitClassName}>
        {submit}
      </SubmitButton>
    </fetcher.Form>
  );
}
