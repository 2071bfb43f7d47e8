import { type SiteDetailsInput, siteDetailsSchema } from "#core/schemas/content-forms.ts";
import { Field } from "#app/components/ui/field.tsx";
import { AdminForm, useAdminForm } from "#app/components/admin/forms/admin-form.tsx";

/** /admin/content/home: names, texts and links, saved together; each text with its optional Urdu twin for the Urdu pages. */
export function SiteDetailsForm({ details }: { details: SiteDetailsInput }) {
  const { version, ...texts } = details;
  const content = useAdminForm({
    intent: "details",
    item: { version },
    id: "site-details",
    schema: siteDetailsSchema,
    defaultValue: texts,
  });
  const { fields } = content;

  return (
    <AdminForm form={content} label="Home" className="mt-6 flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field meta={fields.name} label="Name" />
        <Field meta={fields.shortName} label="Short name" description="For the phone's home screen, e.g. an abbreviation." />
      </div>
      <Field meta={fields.tagline} label="Tagline" description="The typed headline on the home page." />
      <Field
        meta={fields.taglineUr}
        label="Tagline in Urdu (optional)"
        description="The Urdu pages show it; without it, the English tagline."
        lang="ur"
        dir="rtl"
      />
      <Field meta={fields.heroText} label="Hero text" rows={3} />
      <Field meta={fields.heroTextUr} label="Hero text in Urdu (optional)" rows={3} lang="ur" dir="rtl" />
      <Field meta={fields.mission} label="Mission" rows={6} description="The paragraph under “About Us”." />
      <Field meta={fields.missionUr} label="Mission in Urdu (optional)" rows={6} lang="ur" dir="rtl" />
      <Field meta={fields.videoChannelUrl} label="Video channel link" type="url" inputMode="url" />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field meta={fields.whatsappContactUrl} label="WhatsApp link" type="url" inputMode="url" description="A https://wa.me/… link." />
        <Field meta={fields.whatsappCommunityUrl} label="WhatsApp community link" type="url" inputMode="url" />
      </div>
    </AdminForm>
  );
}
