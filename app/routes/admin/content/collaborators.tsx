import { CollaboratorForm } from "#app/components/admin/content/collaborator-form.tsx";
import { ContentListScreen } from "#app/components/admin/content/content-list-screen.tsx";
import { Picture } from "#app/components/site/picture.tsx";
import type { Route } from "./+types/collaborators";
import { PHOTO_FORM_HANDLE } from "#core/route-handle.ts";
import { collaboratorsActionSchema } from "#core/schemas/content-actions.ts";
import { photoSaveAction } from "#app/lib/forms.server.ts";
import { servicesContext } from "#app/context.ts";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return { collaborators: await context.get(servicesContext).contentEditor.collaborators.list() };
}

export const handle = PHOTO_FORM_HANDLE;

/** `save`: a new collaborator or an edit (with the version it was read at), with its logo. */
export const action = photoSaveAction(collaboratorsActionSchema, (editor) => editor.collaborators.save);

export const meta = () => unlistedPageMeta("Collaborators · Site content");

export default function CollaboratorsContent({ loaderData }: Route.ComponentProps) {
  const { collaborators } = loaderData;
  return (
    <ContentListScreen
      title="Collaborators"
      intro="The “Our Collaborator” cards on the home page, in this order."
      addLabel="Add collaborator"
      editTitle="Edit collaborator"
      dialogDescription="A partner's name, a sentence about it, its logo and, if it has one, its website."
      form={(item, close) => <CollaboratorForm collaborator={item} onSaved={close} />}
      items={collaborators}
      list="collaborators"
      itemName={(collaborator) => collaborator.name}
      kind="collaborator"
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
  );
}
