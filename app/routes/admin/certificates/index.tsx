import { getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { certificateSignatorySchema, SIGNATURE_ACCEPT, SIGNATURE_MAX_BYTES } from "#core/schemas/certificates.ts";
import type { RouteHandle } from "#core/route-handle.ts";
import { CERTIFICATE_MESSAGES } from "#core/messages/certificates.ts";
import { AdminForm, useAdminForm } from "#app/components/admin/forms/admin-form.tsx";
import { SettingsPage, SettingsSection } from "#app/components/admin/settings-section.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { FileField } from "#app/components/ui/photo-field.tsx";
import { doneAnswer, formAnswer, pageAction, readForm } from "#app/lib/forms.server.ts";
import type { Route } from "./+types/index";
import { adminContext, servicesContext } from "#app/context.ts";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";

/** Its posts may carry a signature image. */
export const handle = { uploadMaxBytes: SIGNATURE_MAX_BYTES + 64 * 1024 } satisfies RouteHandle;

export async function loader({ context }: Route.LoaderArgs) {
  return { signatory: await context.get(servicesContext).certificates.signatory() };
}

/** Sets who signs certificates of attendance (audited); certificates issued from then on print them. */
export const action = pageAction(async ({ request, context }: Route.ActionArgs) => {
  const submission = parseWithZod(await readForm(request), { schema: certificateSignatorySchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  const { signature, ...signatory } = submission.value;
  const saved = await context
    .get(servicesContext)
    .certificates.setSignatory(
      { ...signatory, signature: signature && new Uint8Array(await signature.arrayBuffer()) },
      context.get(adminContext).admin,
    );
  if (!saved.ok) return formAnswer(submission.reply({ fieldErrors: { signature: [saved.message] } }), 400);
  return doneAnswer(submission.reply({ resetForm: true }), CERTIFICATE_MESSAGES.signatorySaved);
});

export const meta = () => unlistedPageMeta("Certificates");

function SignatoryForm({ signatory }: { signatory: { name: string; title: string; hasSignature: boolean } | null }) {
  const form = useAdminForm({
    id: "certificate-signatory",
    schema: certificateSignatorySchema,
    defaultValue: signatory ? { name: signatory.name, title: signatory.title } : undefined,
  });
  const { fields } = form;
  return (
    <AdminForm form={form} withFiles label="Certificate signatory">
      <Field meta={fields.name} label="Name" autoComplete="off" />
      <Field meta={fields.title} label="Title" autoComplete="off" description="As printed under the name: President, say." />
      <FileField
        meta={fields.signature}
        label="Signature image (optional)"
        accept={SIGNATURE_ACCEPT}
        description={signatory?.hasSignature ? CERTIFICATE_MESSAGES.signatureSet : CERTIFICATE_MESSAGES.signatureNone}
      />
      {signatory?.hasSignature && (
        <label className="flex items-center gap-2 font-semibold text-slate-900">
          <input {...getInputProps(fields.removeSignature, { type: "checkbox" })} className="size-4 accent-brand-800" />
          Print no signature image
        </label>
      )}
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
