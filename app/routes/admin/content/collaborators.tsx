import { Plus } from "lucide-react";
import { useState } from "react";
import { CollaboratorForm } from "~/components/admin/content/collaborator-form";
import { ContentList } from "~/components/admin/content/content-list";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { Picture } from "~/components/site/picture";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/lib/require-admin.server";
import type { Route } from "./+types/collaborators";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { collaborators: await context.services.contentEditor.collaborators.list() };
}

export function meta() {
  return [{ title: "Collaborators · Site content" }, { name: "robots", content: "noindex, nofollow" }];
}

type Collaborator = Route.ComponentProps["loaderData"]["collaborators"][number];

export default function CollaboratorsContent({ loaderData }: Route.ComponentProps) {
  const { collaborators } = loaderData;
  /** The collaborator in the dialog: one being edited, "new", or none (closed). */
  const [editing, setEditing] = useState<Collaborator | "new" | null>(null);
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold text-brand-900">Collaborators</h1>
          <p className="mt-2 text-slate-700">The “Our Collaborator” cards on the home page, in this order.</p>
        </div>
        <Button size="sm" onClick={() => setEditing("new")}>
          <Plus className="size-4" aria-hidden />
          Add collaborator
        </Button>
      </div>
      <ContentList
        items={collaborators}
        list="collaborators"
        itemName={(collaborator) => collaborator.name}
        kind="collaborator"
        onEdit={setEditing}
        empty="No collaborators yet."
        render={(collaborator) => (
          <div className="flex items-start gap-4">
            {collaborator.photo && (
              <Picture image={collaborator.photo} sizes="80px" className="shrink-0" imgClassName="h-14 w-20 object-contain" />
            )}
            <div>
              <p className="font-bold text-slate-900">{collaborator.name}</p>
              <p className="text-slate-700">{collaborator.description}</p>
              {collaborator.url && <p className="mt-1 break-all text-sm text-slate-700">{collaborator.url}</p>}
            </div>
          </div>
        )}
      />
      <AdminDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === "new" ? "Add collaborator" : "Edit collaborator"}
        description="A partner's name, a sentence about it, its logo and, if it has one, its website."
      >
        {editing !== null && <CollaboratorForm collaborator={editing === "new" ? undefined : editing} onSaved={() => setEditing(null)} />}
      </AdminDialog>
    </>
  );
}
