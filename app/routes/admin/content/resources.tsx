import { Plus } from "lucide-react";
import { useState } from "react";
import { ContentList } from "~/components/admin/content/content-list";
import { ResourceForm } from "~/components/admin/content/resource-form";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { Picture } from "~/components/site/picture";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/lib/require-admin.server";
import type { Route } from "./+types/resources";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { resources: await context.services.contentEditor.resources.list() };
}

export function meta() {
  return [{ title: "Resources · Site content" }, { name: "robots", content: "noindex, nofollow" }];
}

type Resource = Route.ComponentProps["loaderData"]["resources"][number];

export default function ResourcesContent({ loaderData }: Route.ComponentProps) {
  const { resources } = loaderData;
  /** The resource in the dialog: one being edited, "new", or none (closed). */
  const [editing, setEditing] = useState<Resource | "new" | null>(null);
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold text-brand-900">Resources</h1>
          <p className="mt-2 text-slate-700">The resource cards on the home page and the top bar&apos;s Resources menu, in this order.</p>
        </div>
        <Button size="sm" onClick={() => setEditing("new")}>
          <Plus className="size-4" aria-hidden />
          Add resource
        </Button>
      </div>
      <ContentList
        items={resources}
        list="resources"
        itemName={(resource) => resource.title}
        kind="resource"
        onEdit={setEditing}
        empty="No resources yet."
        render={(resource) => (
          <div className="flex items-start gap-4">
            {resource.photo && (
              <Picture image={resource.photo} sizes="96px" className="shrink-0" imgClassName="aspect-video w-24 rounded object-cover" />
            )}
            <div>
              <p className="font-bold text-slate-900">{resource.title}</p>
              <p className="text-slate-700">In the menu: {resource.menuLabel}</p>
              <p className="mt-1 break-all text-sm text-slate-700">{resource.url}</p>
            </div>
          </div>
        )}
      />
      <AdminDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === "new" ? "Add resource" : "Edit resource"}
        description="A card's title, its name in the Resources menu, the folder it opens and its picture."
      >
        {editing !== null && <ResourceForm resource={editing === "new" ? undefined : editing} onSaved={() => setEditing(null)} />}
      </AdminDialog>
    </>
  );
}
