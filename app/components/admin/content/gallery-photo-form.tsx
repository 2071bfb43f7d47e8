import { getInputProps } from "@conform-to/react";
import { galleryPhotoSchema } from "#core/schemas/content-forms.ts";
import { Picture } from "#app/components/site/picture.tsx";
import { Checkbox, Field } from "#app/components/ui/field.tsx";
import { AdminForm, useAdminForm } from "#app/components/admin/forms/admin-form.tsx";
import type { Route } from "../../../routes/admin/content/+types/gallery";

type StoredPhoto = Route.ComponentProps["loaderData"]["gallery"]["photos"][number];

/** A gallery photo's alt text and cover choice. */
export function GalleryPhotoForm({ photo, galleryName, onSaved }: { photo: StoredPhoto; galleryName: string; onSaved: () => void }) {
  const content = useAdminForm({
    intent: "save",
    item: photo,
    id: `gallery-photo-${photo.id}`,
    schema: galleryPhotoSchema,
    defaultValue: { alt: photo.alt, cover: photo.cover ? "on" : undefined },
    onSaved,
  });
  const { fields } = content;

  return (
    <AdminForm form={content}>
      <Picture image={photo.image} sizes="400px" imgClassName="max-h-56 w-full rounded-md bg-slate-100 object-contain" />
      <Field
        meta={fields.alt}
        label="Alt text"
        description={`Optional. Left empty, it is “${galleryName}” and the photo's number.`}
        placeholder={photo.image.alt}
      />
      <Checkbox {...getInputProps(fields.cover, { type: "checkbox" })}>Cover of the gallery</Checkbox>
    </AdminForm>
  );
}
