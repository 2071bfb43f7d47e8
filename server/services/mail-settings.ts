import { DEFAULT_CONFIRMATION, fillPlaceholders } from "#core/schemas/mail-settings";
import type { Kysely } from "kysely";
import type { MailConfig } from "../config";
import type { Database } from "../db/schema";
import type { OutboxPayload } from "../mail/messages";
import { createRepos, inTransaction } from "../repos";

/** Where the notification address comes from: the admin area, MAIL_TO, or the first admin's account. */
export type NotificationSource = "setting" | "MAIL_TO" | "first admin";

export interface MailSettings {
  notification: { address: string | undefined; source: NotificationSource; stored: string | null };
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

  const service = {
    async get(): Promise<MailSettings> {
      const stored = await repos.settings.mailSettings();
      const { subject, text, enabled } = stored.confirmation;
      const notification = stored.notificationEmail
        ? { address: stored.notificationEmail, source: "setting" as const }
        : mail.to
          ? { address: mail.to, source: "MAIL_TO" as const }
          : { address: await repos.admins.firstEmail(), source: "first admin" as const };
      return {
        notification: { ...notification, stored: stored.notificationEmail },
        confirmation: { enabled, subject: subject ?? DEFAULT_CONFIRMATION.subject, text: text ?? DEFAULT_CONFIRMATION.text, sendable },
      };
    },

    /** Where a notification goes now; throws while there is nowhere (no admin yet and nothing set), so it waits. */
    async notificationAddress(): Promise<string> {
      const { address } = (await service.get()).notification;
      if (!address) throw new Error("no notification address: no admin account and none set");
      return address;
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

    /** The confirmation mail an applicant gets now, with the placeholders filled in; undefined when it is off. */
    async confirmationFor(applicant: { name: string; email: string }, society: string): Promise<OutboxPayload | undefined> {
      const { confirmation } = await service.get();
      if (!confirmation.enabled || !confirmation.sendable) return undefined;
      const values = { name: applicant.name, society };
      return {
        kind: "confirmation",
        to: { name: applicant.name, address: applicant.email },
        society,
        subject: fillPlaceholders(confirmation.subject, values),
        text: fillPlaceholders(confirmation.text, values),
      };
    },
  };
  return service;
}

export type MailSettingsService = ReturnType<typeof mailSettingsService>;
