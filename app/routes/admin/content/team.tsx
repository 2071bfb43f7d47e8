import { Plus } from "lucide-react";
import { useState } from "react";
import { ContentList } from "~/components/admin/content/content-list";
import { TeamMemberForm } from "~/components/admin/content/team-member-form";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { Picture } from "~/components/site/picture";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/lib/require-admin.server";
import type { Route } from "./+types/team";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { team: await context.services.contentEditor.team.list() };
}

export function meta() {
  return [{ title: "Team · Site content" }, { name: "robots", content: "noindex, nofollow" }];
}

type Member = Route.ComponentProps["loaderData"]["team"][number];

export default function TeamContent({ loaderData }: Route.ComponentProps) {
  const { team } = loaderData;
  /** The member in the dialog: one being edited, "new", or none (closed). */
  const [editing, setEditing] = useState<Member | "new" | null>(null);
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold text-brand-900">Team</h1>
          <p className="mt-2 text-slate-700">The “Our Team” cards on the home page, in this order.</p>
        </div>
        <Button size="sm" onClick={() => setEditing("new")}>
          <Plus className="size-4" aria-hidden />
          Add member
        </Button>
      </div>
      <ContentList
        items={team}
        list="team"
        itemName={(member) => member.name}
        kind="team member"
        onEdit={setEditing}
        empty="No team members yet."
        render={(member) => (
          <div className="flex items-start gap-4">
            {member.photo ? (
              <Picture image={member.photo} sizes="64px" className="shrink-0" imgClassName="size-16 rounded-full object-cover" />
            ) : (
              <span
                aria-hidden
                className="flex size-16 shrink-0 items-center justify-center rounded-full bg-brand-100 text-2xl font-bold text-brand-900"
              >
                {member.name.charAt(0)}
              </span>
            )}
            <div>
              <p className="font-bold text-slate-900">{member.name}</p>
              <p className="text-slate-700">{member.title}</p>
              {member.description && <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{member.description}</p>}
            </div>
          </div>
        )}
      />
      <AdminDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === "new" ? "Add member" : "Edit member"}
        description="A name (or two), their title, an optional photo and their duties."
      >
        {editing !== null && <TeamMemberForm member={editing === "new" ? undefined : editing} onSaved={() => setEditing(null)} />}
      </AdminDialog>
    </>
  );
}
