import { collaboratorSchema, PHOTO_ACCEPT } from "#core/schemas/content-forms.ts";
import { Field } from "#app/components/ui/field.tsx";
import { PhotoFieldWithPreview } from "#app/components/ui/photo-field.tsx";
import { AdminForm, useAdminForm } from "#app/components/admin/forms/admin-form.tsx";
import type { Route } from "../../../routes/admin/content/+types/collaborators";

type StoredCollaborator = Route.ComponentProps["loaderData"]["collaborators"][number];

/** A new collaborator (its logo required) or an edit of one. */
export function CollaboratorForm({ collaborator, onSaved }: { collaborator?: StoredCollaborator; onSaved: () => void }) {
  const content = useAdminForm({
    intent: "save",
    item: collaborator,
    id: collaborator ? `collaborator-${collaborator.id}` : "collaborator-new",
    schema: collaboratorSchema,
    defaultValue: collaborator && {
      name: collaborator.name,
      description: collaborator.description,
      url: collaborator.url,
    },
    onSaved,
  });
  const { fields } = content;

  return (
    <AdminForm form={content} withFiles>
      <Field meta={fields.name} label="Name" />
      <Field meta={fields.description} label="Description" description="One sentence on what you do together." rows={3} />
      <Field
        meta={fields.url}
        label="Link"
        type="url"
        inputMode="url"
        placeholder="https://…"
        description="Optional. Their website or page; their name on the card links to it."
      />
      <PhotoFieldWithPreview
        meta={fields.photo}
        label="Logo"
        description={`${collaborator ? "Choose a file to replace the logo. " : ""}JPEG, PNG, WebP or AVIF, up to 15 MB.`}
        accept={PHOTO_ACCEPT}
        current={collaborator?.photo ? { src: collaborator.photo.src, alt: `Current logo of ${collaborator.name}` } : undefined}
        previewAlt="Preview of the chosen logo"
        imageClassName="h-28 w-40 rounded-md bg-slate-100 object-contain"
      />
    </AdminForm>
  );
}
