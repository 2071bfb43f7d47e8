import { PHOTO_ACCEPT, resourceSchema } from "#core/schemas/content-forms.ts";
import { Field } from "#app/components/ui/field.tsx";
import { PhotoFieldWithPreview } from "#app/components/ui/photo-field.tsx";
import { AdminForm, useAdminForm } from "#app/components/admin/forms/admin-form.tsx";
import type { Route } from "../../../routes/admin/content/+types/resources";

type StoredResource = Route.ComponentProps["loaderData"]["resources"][number];

/** A new resource card (its picture required) or an edit of one. */
export function ResourceForm({ resource, onSaved }: { resource?: StoredResource; onSaved: () => void }) {
  const content = useAdminForm({
    intent: "save",
    item: resource,
    id: resource ? `resource-${resource.id}` : "resource-new",
    schema: resourceSchema,
    defaultValue: resource && {
      title: resource.title,
      menuLabel: resource.menuLabel,
      url: resource.url,
    },
    onSaved,
  });
  const { fields } = content;

  return (
    <AdminForm form={content} withFiles>
      <Field meta={fields.title} label="Title" description="The card's heading: “1st Year Notes”." />
      <Field meta={fields.menuLabel} label="Menu label" description="Its name in the top bar's Resources menu: “1st Year”." />
      <Field
        meta={fields.url}
        label="Link"
        type="url"
        inputMode="url"
        placeholder="https://drive.google.com/…"
        description="The shared folder that “View Notes” opens."
      />
      <PhotoFieldWithPreview
        meta={fields.photo}
        label="Picture"
        description={`${resource ? "Choose a file to replace the picture. " : ""}JPEG, PNG, WebP or AVIF, up to 15 MB.`}
        accept={PHOTO_ACCEPT}
        current={resource?.photo ? { src: resource.photo.src, alt: `Current picture of ${resource.title}` } : undefined}
        previewAlt="Preview of the chosen picture"
        imageClassName="aspect-video w-48 rounded-md bg-slate-100 object-cover"
      />
    </AdminForm>
  );
}
