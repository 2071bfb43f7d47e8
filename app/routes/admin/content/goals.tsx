import { Plus } from "lucide-react";
import { useState } from "react";
import { GoalForm } from "~/components/admin/content/goal-form";
import { ContentList } from "~/components/admin/content/content-list";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/lib/require-admin.server";
import type { Route } from "./+types/goals";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { goals: await context.services.contentEditor.goals.list() };
}

export function meta() {
  return [{ title: "Goals · Site content" }, { name: "robots", content: "noindex, nofollow" }];
}

type Goal = Route.ComponentProps["loaderData"]["goals"][number];

export default function GoalsContent({ loaderData }: Route.ComponentProps) {
  const { goals } = loaderData;
  /** The goal in the dialog: one being edited, "new", or none (closed). */
  const [editing, setEditing] = useState<Goal | "new" | null>(null);
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold text-brand-900">Goals</h1>
          <p className="mt-2 text-slate-700">The “Our Goals” cards on the home page, in this order.</p>
        </div>
        <Button size="sm" onClick={() => setEditing("new")}>
          <Plus className="size-4" aria-hidden />
          Add goal
        </Button>
      </div>
      <ContentList
        items={goals}
        itemName={(goal) => goal.title}
        list="goals"
        kind="goal"
        onEdit={setEditing}
        empty="No goals yet."
        render={(goal) => (
          <>
            <p className="font-bold text-slate-900">{goal.title}</p>
            <p className="mt-1 whitespace-pre-line text-slate-700">{goal.description}</p>
          </>
        )}
      />
      <AdminDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === "new" ? "Add goal" : "Edit goal"}
        description="A goal's title and a sentence or two about it."
      >
        {editing !== null && <GoalForm goal={editing === "new" ? undefined : editing} onSaved={() => setEditing(null)} />}
      </AdminDialog>
    </>
  );
}
