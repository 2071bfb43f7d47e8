import { getSelectProps } from "@conform-to/react";
import { Award, Download } from "lucide-react";
import { useEffect, useState } from "react";
import { href, useRevalidator } from "react-router";
import { CERTIFICATE_ROLES, certificatePagePath } from "#core/certificates.ts";
import { CERTIFICATE_MESSAGES } from "#core/messages/certificates.ts";
import { issueCertificatesSchema } from "#core/schemas/certificates.ts";
import { ActionButton } from "#app/components/admin/forms/action-button.tsx";
import { AdminForm, useAdminForm } from "#app/components/admin/forms/admin-form.tsx";
import { Field, inputClass, Options } from "#app/components/ui/field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import type { ListedCertificate } from "#server/services/certificates.ts";

/** How often the progress of certificate mails is read again while some wait. */
const PROGRESS_EVERY_MS = 2000;

const STATUS_LABELS: Record<ListedCertificate["status"], string> = { valid: "Valid", revoked: "Revoked", replaced: "Replaced" };

/** Issuing: the role printed and the hours, for everyone checked in who has no certificate yet. */
function IssueForm() {
  const issue = useAdminForm({ id: "issue-certificates", intent: "issue-certificates", schema: issueCertificatesSchema });
  const { role, hours } = issue.fields;
  return (
    <AdminForm form={issue} label="Issue certificates" submit="Issue certificates" className="mt-3 flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={role.id} className="font-semibold text-slate-900">
          Role printed
        </label>
        <select {...getSelectProps(role)} key={role.key} defaultValue="Participant" className={inputClass}>
          <option value="">No role</option>
          <Options values={CERTIFICATE_ROLES} />
        </select>
      </div>
      <Field meta={hours} label="Hours (optional)" inputMode="decimal" description="Printed as the hours attended: 3, or 1.5." />
    </AdminForm>
  );
}

/** A certificate in the list: its number (linking to its public page), its state, and for a valid one Reissue and Revoke. */
function CertificateRow({ certificate, announcementId }: { certificate: ListedCertificate; announcementId: string }) {
  const [correcting, setCorrecting] = useState(false);
  const [name, setName] = useState(certificate.name);
  const pdf = href("/admin/announcements/:id/certificates/:certificateId.pdf", {
    id: encodeURIComponent(announcementId),
    certificateId: encodeURIComponent(certificate.id),
  });
  return (
    <li className="flex flex-col gap-2 border-t border-slate-200 pt-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-slate-900">
          <span className="font-semibold">{certificate.name}</span>
          {` · ${STATUS_LABELS[certificate.status]} · issued ${certificate.issuedText} · `}
          <a href={certificatePagePath(certificate.number)} className="font-mono text-sm underline">
            {certificate.number}
          </a>
        </span>
        <span className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <a href={pdf} download>
              <Download className="size-4" aria-hidden />
              PDF<span className="sr-only"> of {certificate.name}&apos;s certificate</span>
            </a>
          </Button>
          {certificate.status === "valid" && (
            <>
              <Button variant="outline" size="sm" aria-expanded={correcting} onClick={() => setCorrecting(!correcting)}>
                Reissue<span className="sr-only"> {certificate.name}&apos;s certificate</span>
              </Button>
              <ActionButton
                intent="revoke-certificate"
                fields={{ certificateId: certificate.id }}
                toasts={{ failure: CERTIFICATE_MESSAGES.notValid }}
                confirm={{
                  title: `Revoke ${certificate.name}'s certificate?`,
                  body: "Its page will say it was revoked, to anyone who checks it. This cannot be undone.",
                  label: "Revoke",
                }}
              >
                Revoke<span className="sr-only"> {certificate.name}&apos;s certificate</span>
              </ActionButton>
            </>
          )}
        </span>
      </div>
      {correcting && certificate.status === "valid" && (
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor={`reissue-${certificate.id}`} className="font-semibold text-slate-900">
              Name as it should be printed
            </label>
            <input
              id={`reissue-${certificate.id}`}
              value={name}
              maxLength={100}
              onChange={(event) => setName(event.target.value)}
              className={inputClass}
            />
          </div>
          <ActionButton
            intent="reissue-certificate"
            fields={{ certificateId: certificate.id, name }}
            toasts={{ failure: CERTIFICATE_MESSAGES.notValid, onSuccess: () => setCorrecting(false) }}
          >
            Reissue and mail
          </ActionButton>
        </div>
      )}
    </li>
  );
}

/**
 * An event's certificates on its registrations screen: Issue certificates (to everyone checked in who has none, once the
 * event has started), how their mails stand, and each certificate with its PDF, Reissue (a corrected name) and Revoke.
 */
export function Certificates({
  announcementId,
  certificates,
  mails,
}: {
  announcementId: string;
  certificates: ListedCertificate[];
  mails: { waiting: number; sent: number; dead: number };
}) {
  const total = mails.waiting + mails.sent + mails.dead;
  const revalidator = useRevalidator();
  // While mails wait, the count of those sent moves: read it again every few seconds.
  useEffect(() => {
    if (mails.waiting === 0) return;
    const timer = window.setTimeout(() => void revalidator.revalidate(), PROGRESS_EVERY_MS);
    return () => window.clearTimeout(timer);
  }, [mails, revalidator]);
  return (
    <section aria-labelledby="certificates" className="mt-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="certificates" className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <Award className="size-5" aria-hidden />
        Certificates
      </h2>
      <p className="mt-1 text-slate-700">{CERTIFICATE_MESSAGES.help}</p>
      <IssueForm />
      {total > 0 && (
        <p role="status" className="mt-3 text-slate-800" data-testid="certificate-mails">
          {CERTIFICATE_MESSAGES.progress(mails.sent, total, mails.dead)}
        </p>
      )}
      {certificates.length > 0 && (
        <ul aria-label="Certificates issued" className="mt-4 flex flex-col gap-2">
          {certificates.map((certificate) => (
            <CertificateRow key={certificate.id} certificate={certificate} announcementId={announcementId} />
          ))}
        </ul>
      )}
    </section>
  );
}
