import { goalSchema } from "#core/schemas/content-forms.ts";
import { Field } from "#app/components/ui/field.tsx";
import { AdminForm, useAdminForm } from "#app/components/admin/forms/admin-form.tsx";
import type { Route } from "../../../routes/admin/content/+types/goals";

type StoredGoal = Route.ComponentProps["loaderData"]["goals"][number];

/** A new goal (no `goal`) or an edit of one, posted to the goals screen's `save`. */
export function GoalForm({ goal, onSaved }: { goal?: StoredGoal; onSaved: () => void }) {
  const content = useAdminForm({
    intent: "save",
    item: goal,
    id: goal ? `goal-${goal.id}` : "goal-new",
    schema: goalSchema,
    defaultValue: goal && { title: goal.title, description: goal.description, titleUr: goal.titleUr, descriptionUr: goal.descriptionUr },
    onSaved,
  });
  const { fields } = content;

  return (
    <AdminForm form={content}>
      <Field meta={fields.title} label="Title" />
      <Field meta={fields.titleUr} label="Title in Urdu (optional)" lang="ur" dir="rtl" />
      <Field meta={fields.description} label="Description" rows={4} />
      <Field meta={fields.descriptionUr} label="Description in Urdu (optional)" rows={4} lang="ur" dir="rtl" />
    </AdminForm>
  );
}
