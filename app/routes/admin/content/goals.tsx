import { GoalForm } from "#app/components/admin/content/goal-form.tsx";
import { ContentListScreen } from "#app/components/admin/content/content-list-screen.tsx";
import type { Route } from "./+types/goals";
import { goalsActionSchema } from "#core/schemas/content-actions.ts";
import { contentSaveAction } from "#app/lib/forms.server.ts";
import { servicesContext } from "#app/context.ts";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return { goals: await context.get(servicesContext).contentEditor.goals.list() };
}

/** `save`: a new goal, or an edit of one (with the version it was read at). */
export const action = contentSaveAction(goalsActionSchema, (editor) => editor.goals.save);

export const meta = () => unlistedPageMeta("Goals · Site content");

export default function GoalsContent({ loaderData }: Route.ComponentProps) {
  const { goals } = loaderData;
  return (
    <ContentListScreen
      title="Goals"
      intro="The “Our Goals” cards on the home page, in this order."
      addLabel="Add goal"
      editTitle="Edit goal"
      dialogDescription="A goal's title and a sentence or two about it."
      form={(item, close) => <GoalForm goal={item} onSaved={close} />}
      items={goals}
      itemName={(goal) => goal.title}
      list="goals"
      kind="goal"
      empty="No goals yet."
      render={(goal) => (
        <>
          <p className="font-bold text-slate-900">{goal.title}</p>
          <p className="mt-1 whitespace-pre-line text-slate-700">{goal.description}</p>
        </>
      )}
    />
  );
}
