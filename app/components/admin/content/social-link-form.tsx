import { SOCIAL_NETWORKS, socialLinkSchema } from "#core/schemas/content-forms.ts";
import { Field } from "#app/components/ui/field.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { AdminForm, useAdminForm } from "#app/components/admin/forms/admin-form.tsx";
import type { Route } from "../../../routes/admin/content/+types/home";

type StoredSocialLink = Route.ComponentProps["loaderData"]["socialLinks"][number];

/** A new social link (no `link`) or an edit of one. */
export function SocialLinkForm({ link, onSaved }: { link?: StoredSocialLink; onSaved: () => void }) {
  const content = useAdminForm({
    intent: "social-link",
    item: link,
    id: link ? `social-link-${link.id}` : "social-link-new",
    schema: socialLinkSchema,
    defaultValue: link ? { network: link.network, label: link.label, url: link.url } : { network: "facebook" },
    onSaved,
  });
  const { fields } = content;

  return (
    <AdminForm form={content}>
      <SelectField meta={fields.network} label="Network" options={SOCIAL_NETWORKS} description="Its icon on the site." />
      <Field meta={fields.label} label="Label" description="What screen readers say for the icon: “Instagram (Female Wing)”." />
      <Field meta={fields.url} label="Link" type="url" inputMode="url" placeholder="https://…" />
    </AdminForm>
  );
}
