import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { goalSchema } from "#core/schemas/content-forms";
import { Field, FormMessage, firstMessage } from "~/components/ui/field";
import { SaveButton, useSavedToast } from "./save-button";

interface StoredGoal {
  id: string;
  version: number;
  title: string;
  description: string;
}

/** A new goal (no `goal`) or an edit of one, posted to /admin/content/goals. */
export function GoalForm({ goal, onSaved }: { goal?: StoredGoal; onSaved: () => void }) {
  const fetcher = useFetcher<{ ok: boolean; result: SubmissionResult<string[]> }>();
  const [form, fields] = useForm({
    id: goal ? `goal-${goal.id}` : "goal-new",
    lastResult: fetcher.data?.result,
    defaultValue: goal && { ...goal, version: String(goal.version) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: goalSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useSavedToast(fetcher.data, onSaved);
  const formError = firstMessage(form.errors);

  return (
    <fetcher.Form method="post" action="/admin/content/goals/save" {...getFormProps(form)} className="flex flex-col gap-4">
      {formError && <FormMessage>{formError}</FormMessage>}
      {goal && <input {...getInputProps(fields.id, { type: "hidden" })} />}
      {goal && <input {...getInputProps(fields.version, { type: "hidden" })} />}
      <Field meta={fields.title} label="Title" />
      <Field meta={fields.description} label="Description" rows={4} />
      <SaveButton busy={fetcher.state !== "idle"} />
    </fetcher.Form>
  );
}
