import { GoalForm } from "~/components/admin/content/goal-form";
import { ContentListScreen } from "~/components/admin/content/content-list-screen";
import type { Route } from "./+types/goals";
import { servicesContext } from "~/context";

export async function loader({ context }: Route.LoaderArgs) {
  return { goals: await context.get(servicesContext).contentEditor.goals.list() };
}

export function meta() {
  return [{ title: "Goals · Site content" }, { name: "robots", content: "noindex, nofollow" }];
}

type Goal = Route.ComponentProps["loaderData"]["goals"][number];

export default function GoalsContent({ loaderData }: Route.ComponentProps) {
  const { goals } = loaderData;
  return (
    <ContentListScreen<Goal>
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
