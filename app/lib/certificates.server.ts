import type { Submission } from "@conform-to/dom";
import type { z } from "zod";
import { CERTIFICATE_MESSAGES } from "#core/messages/certificates.ts";
import type { registrationsActionSchema } from "#core/schemas/registration.ts";
import type { CertificateService } from "#server/services/certificates.ts";
import { doneAnswer, formAnswer } from "./forms.server";

type Asked = Extract<
  z.output<typeof registrationsActionSchema>,
  { intent: "issue-certificates" | "reissue-certificate" | "revoke-certificate" }
>;

/**
 * The certificate intents of an announcement's registrations screen: `issue-certificates` (to everyone checked in who
 * has none; 409 with the reason when none are issued), `reissue-certificate` (a corrected name, under a new number) and
 * `revoke-certificate`; each answers with its toast, or the reason it changed nothing.
 */
export async function answerCertificates(
  submission: Submission<unknown, string[]>,
  asked: Asked,
  announcementId: string,
  certificates: CertificateService,
  admin: { id: string },
) {
  if (asked.intent === "issue-certificates") {
    const issued = await certificates.issue(announcementId, { role: asked.role, hours: asked.hours }, admin);
    if (!issued.ok) {
      const status = issued.reason === "missing" ? 404 : 409;
      return formAnswer(submission.reply({ formErrors: [CERTIFICATE_MESSAGES.refusal[issued.reason]] }), status);
    }
    return doneAnswer(submission.reply({ resetForm: true }), CERTIFICATE_MESSAGES.issued(issued.issued));
  }
  const done =
    asked.intent === "reissue-certificate"
      ? await certificates.reissue(announcementId, asked.certificateId, asked.name, admin)
      : await certificates.revoke(announcementId, asked.certificateId, admin);
  if (!done) return formAnswer(submission.reply({ formErrors: [CERTIFICATE_MESSAGES.notValid] }), 409);
  return doneAnswer(
    submission.reply({ resetForm: true }),
    asked.intent === "reissue-certificate" ? CERTIFICATE_MESSAGES.reissued(asked.name) : CERTIFICATE_MESSAGES.revoked,
  );
}
