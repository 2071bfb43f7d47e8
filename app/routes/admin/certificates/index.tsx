import { parseWithZod } from "@conform-to/zod/v4";
import { certificateSignatorySchema } from "#core/schemas/certificates.ts";
import { CERTIFICATE_MESSAGES } from "#core/messages/certificates.ts";
import { AdminForm, useAdminForm } from "#app/components/admin/forms/admin-form.tsx";
import { SettingsPage, SettingsSection } from "#app/components/admin/settings-section.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { doneAnswer, formAnswer, pageAction, readForm } from "#app/lib/forms.server.ts";
import type { Route } from "./+types/index";
import { adminContext, servicesContext } from "#app/context.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return { signatory: await context.get(servicesContext).certificates.signatory() };
}

/** Sets who signs certificates of attendance (audited); certificates issued from then on print them. */
export const action = pageAction(async ({ request, context }: Route.ActionArgs) => {
  const submission = parseWithZod(await readForm(request), { schema: certificateSignatorySchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  await context.get(servicesContext).certificates.setSignatory(submission.value, context.get(adminContext).admin);
  return doneAnswer(submission.reply(), CERTIFICATE_MESSAGES.signatorySaved);
});

export function meta() {
  return [{ title: "Certificates" }, { name: "robots", content: "noindex, nofollow" }];
}

function SignatoryForm({ signatory }: { signatory: { name: string; title: string } | null }) {
  const form = useAdminForm({ id: "certificate-signatory", schema: certificateSignatorySchema, defaultValue: signatory ?? undefined });
  return (
    <AdminForm form={form} label="Certificate signatory">
      <Field meta={form.fields.name} label="Name" autoComplete="off" />
      <Field meta={form.fields.title} label="Title" autoComplete="off" description="As printed under the name: President, say." />
    </AdminForm>
  );
}

/** Who signs the society's certificates of attendance: set by an Owner, printed on each certificate issued after. */
export default function CertificateSettings({ loaderData }: Route.ComponentProps) {
  return (
    <SettingsPage title="Certificates" intro={CERTIFICATE_MESSAGES.settingsIntro}>
      <SettingsSection id="signatory" title="Signatory" description={<p>{CERTIFICATE_MESSAGES.signatoryHelp}</p>}>
        <SignatoryForm signatory={loaderData.signatory} />
      </SettingsSection>
    </SettingsPage>
  );
}
