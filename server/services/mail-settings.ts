import { DEFAULT_CONFIRMATION } from "#core/schemas/mail-settings.ts";
import type { Kysely } from "kysely";
import type { MailConfig } from "#server/config.ts";
import type { Database } from "#server/db/schema.ts";
import type { OutboxPayload } from "#server/mail/messages.ts";
import { confirmationMail } from "#server/mail/templates/confirmation.ts";
import { DEFAULT_ADMIN_EMAIL } from "#server/auth/admin-bootstrap.server.ts";
import { createRepos, inTransaction } from "#server/repos/index.ts";
import type { StoredMailSettings } from "#server/repos/settings.ts";

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
    /** False where the transport cannot send it (EmailJS without a confirmation template): then none is queued. */
    sendable: boolean;
  };
}

/**
 * The mail settings the committee keeps in the admin area: where notifications go (the stored address, else MAIL_TO,
 * else the first admin's email), and the applicant's confirmation mail (on or off, its subject and text).
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
  const confirmationOf = ({ enabled, subject, text }: StoredMailSettings["confirmation"]): MailSettings["confirmation"] => ({
    enabled,
    subject: subject ?? DEFAULT_CONFIRMATION.subject,
    text: text ?? DEFAULT_CONFIRMATION.text,
    sendable,
  });

  const service = {
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

    async setConfirmation(confirmation: { enabled: boolean; subject: string; text: string }, actorId: string): Promise<void> {
      await inTransaction(db, async (trx) => {
        await trx.settings.setConfirmation(confirmation);
        await trx.auditLog.record(actorId, "mail.confirmation", `enabled=${confirmation.enabled}`);
      });
    },

    /** The confirmation mail an applicant gets now (server/mail/templates/confirmation.ts); undefined when it is off. */
    async confirmationFor(
      applicant: { name: string; email: string },
      society: string,
    ): Promise<Extract<OutboxPayload, { kind: "confirmation" }> | undefined> {
      const confirmation = confirmationOf((await repos.settings.mailSettings()).confirmation);
      if (!confirmation.enabled || !confirmation.sendable) return undefined;
      return confirmationMail(confirmation, applicant, society);
    },
  };
  return service;
}

export type MailSettingsService = ReturnType<typeof mailSettingsService>;
