import { goalSchema } from "#core/schemas/content-forms.ts";
import { Field } from "#app/components/ui/field.tsx";
import { AdminForm, useAdminForm } from "#app/components/admin/forms/admin-form.tsx";

interface StoredGoal {
  id: string;
  version: number;
  title: string;
  description: string;
}

/** A new goal (no `goal`) or an edit of one, posted to the goals screen's `save`. */
export function GoalForm({ goal, onSaved }: { goal?: StoredGoal; onSaved: () => void }) {
  const content = useAdminForm({
    intent: "save",
    item: goal,
    id: goal ? `goal-${goal.id}` : "goal-new",
    schema: goalSchema,
    defaultValue: goal && { title: goal.title, description: goal.description },
    onSaved,
  });
  const { fields } = content;

  return (
    <AdminForm form={content}>
      <Field meta={fields.title} label="Title" />
      <Field meta={fields.description} label="Description" rows={4} />
    </AdminForm>
  );
}
