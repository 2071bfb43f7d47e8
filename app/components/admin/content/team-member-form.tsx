import { PHOTO_ACCEPT, teamMemberSchema } from "#core/schemas/content-forms.ts";
import { Field } from "#app/components/ui/field.tsx";
import { PhotoFieldWithPreview } from "#app/components/ui/photo-field.tsx";
import { AdminForm, useAdminForm } from "#app/components/admin/forms/admin-form.tsx";
import type { Route } from "../../../routes/admin/content/+types/team";

type StoredMember = Route.ComponentProps["loaderData"]["team"][number];

/** "Add member" or an edit of one, posted with its photo. */
export function TeamMemberForm({ member, onSaved }: { member?: StoredMember; onSaved: () => void }) {
  const content = useAdminForm({
    intent: "save",
    item: member,
    id: member ? `team-member-${member.id}` : "team-member-new",
    schema: teamMemberSchema,
    defaultValue: member && {
      name: member.name,
      title: member.title,
      description: member.description,
      titleUr: member.titleUr,
      descriptionUr: member.descriptionUr,
    },
    onSaved,
  });
  const { fields } = content;

  return (
    <AdminForm form={content} withFiles>
      <Field meta={fields.name} label="Name" description="For two people, both names: “Hamza Tariq & Usman Ali”." />
      <Field meta={fields.title} label="Title" />
      <Field meta={fields.titleUr} label="Title in Urdu (optional)" lang="ur" dir="rtl" />
      <PhotoFieldWithPreview
        meta={fields.photo}
        label="Photo"
        description="Optional. JPEG, PNG, WebP or AVIF, up to 15 MB; square photos look best."
        accept={PHOTO_ACCEPT}
        current={member?.photo ? { src: member.photo.src, alt: `Current photo of ${member.name}` } : undefined}
        previewAlt="Preview of the chosen photo"
        imageClassName="size-24 rounded-full bg-slate-100 object-cover"
        remove={{ name: fields.removePhoto.name, label: "Remove the photo (the card shows the name's first letter)" }}
      />
      <Field meta={fields.description} label="Description" description="Optional. Their duties; each line shows as a line." rows={4} />
      <Field meta={fields.descriptionUr} label="Description in Urdu (optional)" rows={4} lang="ur" dir="rtl" />
    </AdminForm>
  );
}
