import { PHOTO_ACCEPT, presidentSchema } from "#core/schemas/content-forms.ts";
import { Field } from "#app/components/ui/field.tsx";
import { PhotoFieldWithPreview } from "#app/components/ui/photo-field.tsx";
import { AdminForm, useAdminForm } from "#app/components/admin/forms/admin-form.tsx";
import type { Route } from "../../../routes/admin/content/+types/home";

type StoredPresident = Route.ComponentProps["loaderData"]["president"];

/** The president's card and message under "About Us", posted with an optional new photo. */
export function PresidentForm({ president }: { president: StoredPresident }) {
  const content = useAdminForm({
    intent: "president",
    item: { version: president.version },
    id: "president",
    schema: presidentSchema,
    defaultValue: { name: president.name, title: president.title, message: president.message },
  });
  const { fields } = content;

  return (
    <AdminForm form={content} withFiles label="President" className="mt-4 flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field meta={fields.name} label="Name" />
        <Field meta={fields.title} label="Title" description="For example “President”." />
      </div>
      <Field meta={fields.message} label="Message" rows={5} description="The president's message beside the photo." />
      <PhotoFieldWithPreview
        meta={fields.photo}
        label="Photo"
        description="Choose a new one to replace it. JPEG, PNG, WebP or AVIF, up to 15 MB."
        accept={PHOTO_ACCEPT}
        current={president.photo ? { src: president.photo.src, alt: `Current photo of ${president.name}` } : undefined}
        previewAlt="Preview of the chosen photo"
        imageClassName="size-24 rounded-full bg-slate-100 object-cover"
      />
    </AdminForm>
  );
}
