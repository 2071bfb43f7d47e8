import { type FormMetadata, getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { type FetcherWithComponents, useFetcher } from "react-router";
import type { z } from "zod";
import { FormMessage, firstMessage } from "~/components/ui/field";
import { SaveButton, useSavedToast } from "./save-button";

/** What a content form's action answers (app/lib/forms.server.ts): taken or not, Conform's result, the new item's id. */
export interface ContentAnswer {
  ok: boolean;
  id?: string;
  result: SubmissionResult<string[]>;
}

type FormOptionsOf<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>> = Parameters<
  typeof useForm<z.input<Schema>, z.output<Schema>, string[]>
>[0];

/**
 * A content item's form state: posted through a fetcher, checked with `schema` in the browser (on blur, then as the
 * admin types) as the server checks it, and "Saved" once stored (then `onSaved`: a dialog closes, say).
 */
export function useContentForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>({
  id,
  schema,
  defaultValue,
  onSaved,
}: {
  id: string;
  schema: Schema;
  /** The stored item's fields, as the form shows them (text). */
  defaultValue?: FormOptionsOf<Schema>["defaultValue"];
  onSaved?: (answer: ContentAnswer) => void;
}) {
  const fetcher = useFetcher<ContentAnswer>();
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id,
    lastResult: fetcher.data?.result,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useSavedToast(fetcher.data, onSaved);
  return { fetcher, form, fields };
}

/**
 * The form element of every content form: posted to its page's action as `intent`, the form-wide message (a conflict,
 * say) at its top, the item's id and the version it was read at when it is an edit, its fields, and Save.
 */
export function ContentForm<Shape extends Record<string, unknown>>({
  content: { fetcher, form },
  action,
  intent,
  item,
  withFiles = false,
  label,
  className = "flex flex-col gap-4",
  children,
}: {
  content: { fetcher: FetcherWithComponents<ContentAnswer>; form: FormMetadata<Shape, string[]> };
  /** Where it posts: the page it is on (the closest route), unless another page's action is named. */
  action?: string;
  /** Which of that page's actions it is (the action's `intent`). */
  intent: string;
  /** The item edited (a one-of-a-kind item, like the site's details, has no id); none for a new one. */
  item?: { id?: string; version: number };
  /** The form carries a file (a photo). */
  withFiles?: boolean;
  /** The form's accessible name, where the screen has more than one form. */
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  const formError = firstMessage(form.errors);
  return (
    <fetcher.Form
      method="post"
      action={action}
      encType={withFiles ? "multipart/form-data" : undefined}
      {...getFormProps(form)}
      className={className}
      aria-label={label}
    >
      {formError && <FormMessage>{formError}</FormMessage>}
      <input type="hidden" name="intent" value={intent} />
      {item?.id && <input type="hidden" name="id" value={item.id} />}
      {item && <input type="hidden" name="version" value={String(item.version)} />}
      {children}
      <SaveButton busy={fetcher.state !== "idle"} />
    </fetcher.Form>
  );
}
