import type { Locale } from "#core/i18n/locale.ts";
import { DEFAULT_CONFIRMATION, DEFAULT_CONFIRMATION_UR } from "#core/schemas/mail-settings.ts";
import type { Kysely } from "kysely";
import type { MailConfig } from "#server/config.ts";
import type { Database } from "#server/db/schema.ts";
import type { OutboxPayload } from "#server/mail/messages.ts";
import { confirmationMail } from "#server/mail/templates/confirmation.ts";
import { DEFAULT_ADMIN_EMAIL } from "#server/auth/admin-bootstrap.server.ts";
import { createRepos, inTransaction } from "#server/repos/index.ts";
import type { ConfirmationWording, StoredMailSettings } from "#server/repos/settings.ts";

/** Where the notification address comes from: the admin area, MAIL_TO, or the first admin's account. */
export type NotificationSource = "setting" | "MAIL_TO" | "first admin";

export interface MailSettings {
  notification: {
    address: string | undefined;
    source: NotificationSource;
    stored: string | null;
    /** The address is the first start's stand-in admin (admin@example.org): nobody reads it. */
    placeholder: boolean;
  };
  confirmation: {
    enabled: boolean;
    subject: string;
    text: string;
    /** The Urdu subject and text as the committee wrote them; null: none written (see wordingIn). */
    subjectUr: string | null;
    textUr: string | null;
    /** False where the transport cannot send it (EmailJS without a confirmation template): then none is queued. */
    sendable: boolean;
  };
}

/**
 * The confirmation's subject and text for an applicant in `locale`, each on its own. In English: the committee's, else
 * our default. In Urdu: the committee's Urdu where they wrote it; where not, our Urdu default while the English is our
 * default too, but their own English once they wrote one: their words (a meeting's date, a place to come to) beat a
 * default that knows nothing of them, even in the other language. English that is our default word for word counts as
 * not written: saving the Mail page stores the English shown, which is the default until changed.
 */
function wordingIn(locale: Locale, stored: ConfirmationWording): { subject: string; text: string } {
  const english = { subject: stored.subject ?? DEFAULT_CONFIRMATION.subject, text: stored.text ?? DEFAULT_CONFIRMATION.text };
  if (locale === "en") return english;
  const urdu = (field: "subject" | "text", written: string | null) =>
    written || (english[field] === DEFAULT_CONFIRMATION[field] ? DEFAULT_CONFIRMATION_UR[field] : english[field]);
  return { subject: urdu("subject", stored.subjectUr), text: urdu("text", stored.textUr) };
}

/**
 * The mail settings the committee keeps in the admin area: where notifications go (the stored address, else MAIL_TO,
 * else the first admin's email), and the applicant's confirmation mail (on or off, its subject and text, in English
 * and in Urdu).
 */
export function mailSettingsService({ db, mail }: { db: Kysely<Database>; mail: Pick<MailConfig, "to" | "transport"> }) {
  const repos = createRepos(db);
  const sendable = mail.transport.kind !== "emailjs" || Boolean(mail.transport.templateIds.confirmation);

  /** The notification address and where it comes from, given what the admin area stored. */
  const notificationOf = async (stored: string | null): Promise<Omit<MailSettings["notification"], "stored" | "placeholder">> => {
    if (stored) return { address: stored, source: "setting" };
    if (mail.to) return { address: mail.to, source: "MAIL_TO" };
    return { address: await repos.admins.firstEmail(), source: "first admin" };
  };
  const confirmationOf = (stored: StoredMailSettings["confirmation"]): MailSettings["confirmation"] => ({
    enabled: stored.enabled,
    ...wordingIn("en", stored),
    subjectUr: stored.subjectUr,
    textUr: stored.textUr,
    sendable,
  });

  return {
    async get(): Promise<MailSettings> {
      const stored = await repos.settings.mailSettings();
      const notification = await notificationOf(stored.notificationEmail);
      return {
        notification: { ...notification, stored: stored.notificationEmail, placeholder: notification.address === DEFAULT_ADMIN_EMAIL },
        confirmation: confirmationOf(stored.confirmation),
      };
    },

    /** Where a notification goes now; undefined while there is nowhere (no admin yet and nothing set). */
    async notificationAddress(): Promise<string | undefined> {
      return (await notificationOf((await repos.settings.mailSettings()).notificationEmail)).address;
    },

    /** An empty address goes back to the default. Audited without the address. */
    async setNotificationAddress(email: string, actorId: string): Promise<void> {
      await inTransaction(db, async (trx) => {
        await trx.settings.setNotificationEmail(email === "" ? null : email);
        await trx.auditLog.record(actorId, "mail.notification-address", email === "" ? "default" : "set");
      });
    },

    /** An Urdu subject or text left empty is none written. */
    async setConfirmation(
      confirmation: { enabled: boolean; subject: string; text: string; subjectUr?: string; textUr?: string },
      actorId: string,
    ): Promise<void> {
      const { subjectUr, textUr } = confirmation;
      await inTransaction(db, async (trx) => {
        await trx.settings.setConfirmation({ ...confirmation, subjectUr: subjectUr || null, textUr: textUr || null });
        await trx.auditLog.record(actorId, "mail.confirmation", `enabled=${confirmation.enabled}`);
      });
    },

    /**
     * The confirmation mail an applicant who applied in `locale` gets now (server/mail/templates/confirmation.ts), worded
     * as wordingIn says; undefined when it is off.
     */
    async confirmationFor(
      applicant: { name: string; email: string },
      society: string,
      locale: Locale,
    ): Promise<Extract<OutboxPayload, { kind: "confirmation" }> | undefined> {
      const stored = (await repos.settings.mailSettings()).confirmation;
      if (!stored.enabled || !sendable) return undefined;
      return confirmationMail(wordingIn(locale, stored), applicant, society, locale);
    },
  };
}
