import { SOCIAL_NETWORKS, socialLinkSchema } from "#core/schemas/content-forms";
import { Field } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import { ContentForm, useContentForm } from "./content-form";

export interface StoredSocialLink {
  id: string;
  version: number;
  network: keyof typeof SOCIAL_NETWORKS;
  label: string;
  url: string;
}

/** A new social link (no `link`) or an edit of one. */
export function SocialLinkForm({ link, onSaved }: { link?: StoredSocialLink; onSaved: () => void }) {
  const content = useContentForm({
    id: link ? `social-link-${link.id}` : "social-link-new",
    schema: socialLinkSchema,
    defaultValue: link ? { network: link.network, label: link.label, url: link.url } : { network: "facebook" },
    onSaved,
  });
  const { fields } = content;

  return (
    <ContentForm content={content} intent="social-link" item={link}>
      <SelectField meta={fields.network} label="Network" options={SOCIAL_NETWORKS} description="Its icon on the site." />
      <Field meta={fields.label} label="Label" description="What screen readers say for the icon: “Instagram (Female Wing)”." />
      <Field meta={fields.url} label="Link" type="url" inputMode="url" placeholder="https://…" />
    </ContentForm>
  );
}
