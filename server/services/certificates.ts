import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { certificateNumberFrom, certificatePagePath, type CertificateRole, normalizeCertificateNumber } from "#core/certificates.ts";
import { CERTIFICATE_MESSAGES } from "#core/messages/certificates.ts";
import { keptSignatureImage } from "#server/certificates/signature-image.ts";
import { UnsupportedImageError } from "#server/images/encode-image.ts";
import { isRecordId, newId } from "#server/db/ids.ts";
import type { Database } from "#server/db/schema.ts";
import type { Certificate } from "#server/repos/certificates.ts";
import { createRepos, inTransaction, type Repos } from "#server/repos/index.ts";
import type { OutboxPayload } from "#server/mail/messages.ts";
import { formatSiteDate, formatSiteTime } from "#server/site-time.ts";
import { type FileStorage, PRIVATE_KEY_PREFIX } from "#server/storage/storage.ts";

export interface CertificateDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  timeZone: string;
  /** The society's name and address: printed on the certificate, and where its QR code leads. */
  site(): Promise<{ siteName: string; publicUrl: string }>;
  /** The storage key of the logo certificates print; undefined: none. */
  printLogoKey(): Promise<string | undefined>;
  wakeMailer(): void;
}

/** What a certificate is issued with: the role printed (none: no role line) and the hours (none: no hours). */
export interface IssueOptions {
  role: CertificateRole | null;
  hours: string | null;
}

/** Why none were issued: no such announcement, no event, not started yet, no signatory set, or no one to issue to. */
export type IssueRefusal = "missing" | "no-event" | "not-started" | "no-signatory" | "none";

/** A certificate as the registrations screen lists it. */
export type ListedCertificate = Pick<Certificate, "id" | "number" | "name" | "status" | "role" | "hours"> & { issuedText: string };

const newNumber = () => certificateNumberFrom(crypto.randomBytes(18));

/**
 * Certificates of attendance. Issued (by an admin, once the event has started) to those checked in at its door; each
 * one mailed with its PDF through the outbox, which draws the PDF when it sends the mail, so issuing hundreds returns at
 * once and their mails go out in the background, none lost. Verified by anyone at `/certificates/<number>`.
 */
export function certificateService(deps: CertificateDeps) {
  const repos = createRepos(deps.db);

  /** Stores a certificate and queues its mail; `site` read before the transaction (on SQLite it holds the one connection). */
  async function createAndMail(trx: Repos, certificate: Certificate, site: { siteName: string; publicUrl: string }, now: Date) {
    const { siteName, publicUrl } = site;
    await trx.certificates.create(certificate);
    const payload: OutboxPayload = {
      kind: "certificate",
      to: { name: certificate.name, address: certificate.email },
      subject: CERTIFICATE_MESSAGES.mailSubject(certificate.eventTitle),
      text: CERTIFICATE_MESSAGES.mailText(
        certificate.name,
        certificate.eventTitle,
        `${publicUrl}${certificatePagePath(certificate.number)}`,
        siteName,
      ),
      certificateId: certificate.id,
    };
    await trx.mailOutbox.enqueue("certificate", payload, now, certificate.id);
  }

  /** A certificate's PDF and its file name, when there is such a certificate and `wanted` holds for it. */
  async function pdfOf(
    certificateId: string,
    wanted: (certificate: Certificate) => boolean,
  ): Promise<{ filename: string; content: Uint8Array } | undefined> {
    const certificate = isRecordId(certificateId) ? await repos.certificates.findById(certificateId) : undefined;
    if (!certificate || !wanted(certificate)) return undefined;
    return { filename: `certificate-${certificate.number}.pdf`, content: await draw(deps, certificate) };
  }

  return {
    /**
     * Issues a certificate to everyone checked in at the announcement's event who holds no valid one yet, and queues
     * their mails; audited. Refused before the event starts, and until an Owner has set who signs them.
     */
    async issue(
      announcementId: string,
      options: IssueOptions,
      actor: { id: string },
      now: Date = new Date(),
    ): Promise<{ ok: true; issued: number } | { ok: false; reason: IssueRefusal }> {
      const announcement = isRecordId(announcementId) ? await repos.announcements.findById(announcementId) : undefined;
      if (!announcement) return { ok: false, reason: "missing" };
      if (!announcement.event) return { ok: false, reason: "no-event" };
      if (new Date(announcement.event.startsAt) > now) return { ok: false, reason: "not-started" };
      const signatory = await repos.settings.certificateSignatory();
      if (!signatory) return { ok: false, reason: "no-signatory" };
      const eventTitle = announcement.title ?? announcement.description.split("\n")[0]!.slice(0, 120);
      const { startsAt } = announcement.event;
      const site = await deps.site();
      const issued = await inTransaction(deps.db, async (trx) => {
        const certified = await trx.certificates.registrationsCertified(announcementId);
        const attendees = (await trx.registrations.listFor(announcementId)).filter(
          (registration) => registration.status === "registered" && registration.checkedInAt !== null && !certified.has(registration.id),
        );
        for (const attendee of attendees) {
          const certificate: Certificate = {
            id: newId(),
            number: newNumber(),
            announcementId,
            registrationId: attendee.id,
            name: attendee.name,
            email: attendee.email,
            eventTitle,
            eventStartsAt: startsAt,
            role: options.role,
            hours: options.hours,
            signatoryName: signatory.name,
            signatoryTitle: signatory.title,
            signatureKey: signatory.signatureKey,
            status: "valid",
            issuedAt: now.toISOString(),
            issuedBy: actor.id,
            endedAt: null,
          };
          await createAndMail(trx, certificate, site, now);
        }
        if (attendees.length > 0)
          await trx.auditLog.record(actor.id, "certificate.issue", `announcement=${announcementId} count=${attendees.length}`);
        return attendees.length;
      });
      if (issued === 0) return { ok: false, reason: "none" };
      deps.wakeMailer();
      return { ok: true, issued };
    },

    /**
     * Replaces a valid certificate with one under a new number, the name corrected to `name` (a misspelling), and mails
     * it; the old number then reads as replaced. Audited. False when it is not a valid certificate of this announcement.
     */
    async reissue(announcementId: string, certificateId: string, name: string, actor: { id: string }, now: Date = new Date()) {
      if (!isRecordId(certificateId)) return false;
      const site = await deps.site();
      const replaced = await inTransaction(deps.db, async (trx) => {
        const old = await trx.certificates.findById(certificateId);
        if (old?.announcementId !== announcementId || !(await trx.certificates.end(old.id, "replaced", now.toISOString()))) return false;
        const certificate: Certificate = {
          ...old,
          id: newId(),
          number: newNumber(),
          name,
          issuedAt: now.toISOString(),
          issuedBy: actor.id,
        };
        await createAndMail(trx, certificate, site, now);
        await trx.auditLog.record(
          actor.id,
          "certificate.reissue",
          `announcement=${announcementId} certificate=${old.id} new=${certificate.id}`,
        );
        return true;
      });
      if (replaced) deps.wakeMailer();
      return replaced;
    },

    /** Revokes a valid certificate of the announcement: its page then says so. Audited. False when it was not valid. */
    async revoke(announcementId: string, certificateId: string, actor: { id: string }, now: Date = new Date()) {
      if (!isRecordId(certificateId)) return false;
      return inTransaction(deps.db, async (trx) => {
        const certificate = await trx.certificates.findById(certificateId);
        if (certificate?.announcementId !== announcementId || !(await trx.certificates.end(certificate.id, "revoked", now.toISOString()))) {
          return false;
        }
        await trx.auditLog.record(actor.id, "certificate.revoke", `announcement=${announcementId} certificate=${certificateId}`);
        return true;
      });
    },

    /** An event's certificates, and how their mails stand. */
    async listFor(announcementId: string) {
      if (!isRecordId(announcementId)) return { certificates: [], mails: { waiting: 0, sent: 0, dead: 0 } };
      const certificates = (await repos.certificates.listFor(announcementId)).map((certificate): ListedCertificate => ({
        id: certificate.id,
        number: certificate.number,
        name: certificate.name,
        status: certificate.status,
        issuedText: formatSiteTime(new Date(certificate.issuedAt), deps.timeZone),
        role: certificate.role,
        hours: certificate.hours,
      }));
      return { certificates, mails: await repos.certificates.mailProgress(announcementId) };
    },

    /**
     * What the public page of a certificate number shows: only what it certifies, and whether it holds; undefined for a
     * number that is none.
     */
    async verify(number: string) {
      const canonical = normalizeCertificateNumber(number);
      const certificate = canonical && (await repos.certificates.findByNumber(canonical));
      if (!certificate) return undefined;
      return {
        number: certificate.number,
        status: certificate.status,
        name: certificate.name,
        eventTitle: certificate.eventTitle,
        dateText: formatSiteDate(new Date(certificate.eventStartsAt), deps.timeZone),
        role: certificate.role,
      };
    },

    /** A certificate's PDF and its file name; undefined for no such certificate (of `announcementId`, when given). */
    pdf: (certificateId: string, announcementId?: string) =>
      pdfOf(certificateId, (certificate) => announcementId === undefined || certificate.announcementId === announcementId),

    /** A valid certificate's PDF, for its mail; undefined once it is revoked or replaced (its mail is then not sent). */
    mailablePdf: (certificateId: string) => pdfOf(certificateId, (certificate) => certificate.status === "valid"),

    /** Who signs certificates, as an Owner set them, and whether a signature image is printed; null until set. */
    async signatory() {
      const signatory = await repos.settings.certificateSignatory();
      return signatory && { name: signatory.name, title: signatory.title, hasSignature: signatory.signatureKey !== null };
    },

    /**
     * Sets who signs certificates (audited): a new signature image when given (kept as a PNG, never served), none with
     * `removeSignature`, else the one set stays. Refused, changing nothing, for a file that is no such image.
     */
    async setSignatory(
      signatory: { name: string; title: string; signature?: Uint8Array; removeSignature?: boolean },
      actor: { id: string },
    ): Promise<{ ok: true } | { ok: false; message: string }> {
      let signatureKey: string | null | undefined = signatory.removeSignature ? null : undefined;
      if (signatory.signature && !signatory.removeSignature) {
        let kept: Buffer;
        try {
          kept = await keptSignatureImage(signatory.signature);
        } catch (error) {
          if (error instanceof UnsupportedImageError) return { ok: false, message: error.message };
          throw error;
        }
        // A new key each time: certificates issued before keep printing the signature they were issued with.
        signatureKey = `${PRIVATE_KEY_PREFIX}certificate-signatures/${newId()}.png`;
        await deps.storage.put(signatureKey, kept, "image/png");
      }
      await inTransaction(deps.db, async (trx) => {
        await trx.settings.setCertificateSignatory({ name: signatory.name, title: signatory.title, signatureKey });
        await trx.auditLog.record(actor.id, "certificate.signatory", "");
      });
      return { ok: true };
    },
  };
}

export type CertificateService = ReturnType<typeof certificateService>;

async function draw(deps: CertificateDeps, certificate: Certificate): Promise<Uint8Array> {
  // Loaded with the first certificate, not at start: pdf-lib and fontkit are some megabytes of code a server that
  // issues none never needs in memory.
  const { drawCertificate } = await import("#server/certificates/pdf.ts");
  const [{ siteName, publicUrl }, logoKey] = await Promise.all([deps.site(), deps.printLogoKey()]);
  const [logo, signature] = await Promise.all([
    logoKey ? deps.storage.get(logoKey) : undefined,
    certificate.signatureKey ? deps.storage.get(certificate.signatureKey) : undefined,
  ]);
  return drawCertificate({
    societyName: siteName,
    logo: logo ? { bytes: logo.body, type: logo.contentType === "image/jpeg" ? "jpeg" : "png" } : null,
    personName: certificate.name,
    eventTitle: certificate.eventTitle,
    eventDateText: formatSiteDate(new Date(certificate.eventStartsAt), deps.timeZone),
    role: certificate.role,
    hours: certificate.hours === null ? null : Number(certificate.hours),
    signatory: {
      name: certificate.signatoryName,
      title: certificate.signatoryTitle,
      signature: signature ? { bytes: signature.body, type: "png" } : null,
    },
    number: certificate.number,
    verifyUrl: `${publicUrl}${certificatePagePath(certificate.number)}`,
  });
}
