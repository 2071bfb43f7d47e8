import { type FormMetadata, getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { FormMessage, firstMessage } from "#app/components/ui/field.tsx";
import { SubmitButton } from "#app/components/ui/submit-button.tsx";

/** What the password field of an account page (invitation, reset) says under its label. */
export const NEW_PASSWORD_HELP = "At least 8 characters. Several uncommon words are easy to remember and hard to guess.";

/**
 * The Conform form of an account page: checked in the browser with the schema the action parses, again at each
 * keystroke once sent, and filled from the action's last answer (its values and messages).
 */
export function useAccountForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  id: string,
  schema: Schema,
  lastResult: SubmissionResult<string[]> | undefined,
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldRevalidate: "onInput",
  });
}

/**
 * An account page's form (AccountPage's card): it posts through the router, so it works before JavaScript loads, says
 * the form's own message above the fields, and ends with its submit button, busy while the post and the page it leads
 * to load. Named after the page, as a landmark.
 */
export function AccountForm<Schema extends Record<string, unknown>>({
  form,
  label,
  submit,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  label: string;
  submit: string;
  children: ReactNode;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" aria-label={label}>
      {form.errors && <FormMessage>{firstMessage(form.errors)}</FormMessage>}
      {children}
      <SubmitButton busy={busy} className="">
        {submit}
      </SubmitButton>
    </Form>
  );
}
