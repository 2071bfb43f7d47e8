import { LOGO_LIMITS, logoSchema, PHOTO_ACCEPT } from "#core/schemas/content-forms.ts";
import { Field } from "#app/components/ui/field.tsx";
import { PhotoFieldWithPreview } from "#app/components/ui/photo-field.tsx";
import { AdminForm, useAdminForm } from "#app/components/admin/forms/admin-form.tsx";
import type { Route } from "../../../routes/admin/content/+types/home";

type StoredLogo = Route.ComponentProps["loaderData"]["logo"];

/** The society's logo and its description, posted with an optional new picture. */
export function LogoForm({ logo }: { logo: StoredLogo }) {
  const content = useAdminForm({
    intent: "logo",
    item: { version: logo.version },
    id: "logo",
    schema: logoSchema,
    defaultValue: { alt: logo.alt },
  });
  const { fields } = content;

  return (
    <AdminForm form={content} withFiles label="Logo" className="mt-4 flex flex-col gap-5">
      <PhotoFieldWithPreview
        meta={fields.photo}
        label="Logo"
        description="Shown in the top bar and as the site's icon on browser tabs and phones' home screens. Choose a new one to replace it: a square PNG or WebP with a transparent background works best, up to 15 MB."
        accept={PHOTO_ACCEPT}
        current={logo.photo ? { src: logo.photo.src, alt: "Current logo" } : undefined}
        previewAlt="Preview of the chosen logo"
        imageClassName="size-24 rounded-md bg-slate-100 object-contain"
      />
      <Field
        meta={fields.alt}
        label="Description"
        description={`What the logo shows, for people who cannot see it; at most ${LOGO_LIMITS.alt} characters.`}
      />
    </AdminForm>
  );
}
