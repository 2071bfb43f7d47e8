import { ContentListScreen } from "#app/components/admin/content/content-list-screen.tsx";
import { ResourceForm } from "#app/components/admin/content/resource-form.tsx";
import { Picture } from "#app/components/site/picture.tsx";
import type { Route } from "./+types/resources";
import { PHOTO_FORM_HANDLE } from "#core/route-handle.ts";
import { resourcesActionSchema } from "#core/schemas/content-actions.ts";
import { photoSaveAction } from "#app/lib/forms.server.ts";
import { servicesContext } from "#app/context.ts";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return { resources: await context.get(servicesContext).contentEditor.resources.list() };
}

export const handle = PHOTO_FORM_HANDLE;

/** `save`: a new resource card or an edit (with the version it was read at), with its picture. */
export const action = photoSaveAction(resourcesActionSchema, (editor) => editor.resources.save);

export const meta = () => unlistedPageMeta("Resources · Site content");

export default function ResourcesContent({ loaderData }: Route.ComponentProps) {
  const { resources } = loaderData;
  return (
    <ContentListScreen
      title="Resources"
      intro="The resource cards on the home page and the top bar's Resources menu, in this order."
      addLabel="Add resource"
      editTitle="Edit resource"
      dialogDescription="A card's title, its name in the Resources menu, the folder it opens and its picture."
      form={(item, close) => <ResourceForm resource={item} onSaved={close} />}
      items={resources}
      list="resources"
      itemName={(resource) => resource.title}
      kind="resource"
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
  );
}
