import { errorMessage } from "#core/errors.ts";
import type { Kysely } from "kysely";
import { accountsService } from "#server/auth/accounts.server.ts";
import { authService } from "#server/auth/auth-service.ts";
import { twoFactorService } from "#server/auth/two-factor.server.ts";
import { sessionStore } from "#server/auth/sessions.server.ts";
import type { MailConfig } from "#server/config.ts";
import type { Database } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import type { SecretsKey } from "#server/secrets-key.ts";
import { mailFiles } from "#server/mail/mail-files.ts";
import type { OutboxPayload } from "#server/mail/messages.ts";
import { formatSiteTime } from "#server/site-time.ts";
import { createRepos, inTransaction } from "#server/repos/index.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import { announcementService } from "./announcements";
import { appIconService } from "./app-icons";
import { auditService } from "./audit";
import { bloodDonorService } from "./blood-donors";
import { bloodRequestService } from "./blood-requests";
import { applicationService } from "./applications";
import { contactService } from "./contact-messages";
import { contentEditorService } from "./content-editor";
import { mailSettingsService } from "./mail-settings";
import { addMissingPreviews } from "./link-previews";
import { personalDataService, recordEraser } from "./personal-data";
import { pushNotificationService } from "./push-notifications";
import { submissionStore } from "./public-submissions";
import { memberService } from "./members";
import { certificateService } from "./certificates";
import { registrationService } from "./registrations";
import { ticketSigner } from "./registrations/tickets";
import { siteContentService } from "./site-content";

export interface ServiceDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  logger: Logger;
  publicUrl: string;
  /** The society's time zone (SITE_TIMEZONE): times in mails and in the admin area. */
  siteTimeZone: string;
  /** How mail leaves the site (shown to the admin), and MAIL_TO, the notification address until one is set. */
  mail: Pick<MailConfig, "to" | "transport">;
  /** Nudges the mail worker once a notification is queued. */
  wakeMailer(): void;
  /** Nudges the push worker once an announcement's push notification is due; unset: it finds it at its next poll. */
  wakePusher?(): void;
  /** The VAPID subject pushes are signed with (config's `push.subject`); unset: PUBLIC_URL if https, else a local mailto:. */
  vapidSubject?: string;
  /** DATA_DIR: where the `log` mail transport writes its files, which deleting personal data deletes too. */
  dataDir: string;
  /** The key outside the database: second-factor secrets are encrypted with it, sessions' network codes keyed with it. */
  secrets: SecretsKey;
}

/**
 * Everything routes may ask of the server, built once at start and handed to every loader and action as
 * `context.services`. Routes never reach a repository, the database or storage any other way.
 */
export function createServices(deps: ServiceDeps) {
  const { db, logger } = deps;
  const repos = createRepos(db);
  const store = submissionStore({ db, logger, wakeMailer: deps.wakeMailer });
  const content = siteContentService({ repo: repos.siteContent, publicUrl: deps.publicUrl });
  const files = mailFiles(deps.dataDir);
  const shortName = async () => (await content.chrome()).shortName;
  /** The society's short name and the site's address, as members', donors' and coordinators' mails sign with them. */
  const mailSite = async () => ({ siteName: await shortName(), publicUrl: deps.publicUrl });
  const erase = recordEraser({ db, mailFiles: files, logger });
  const announcements = announcementService({ ...deps, erase });
  const registrations = registrationService({
    db,
    store,
    logger,
    announcements,
    site: content.chrome,
    erase,
    tickets: ticketSigner(deps.secrets),
    timeZone: deps.siteTimeZone,
    wakeMailer: deps.wakeMailer,
  });
  // Erasure by email and the retention sweep give up registrations' places as Remove does.
  const personalData = personalDataService({ db, mailFiles: files, erase: registrations.erase, logger });
  const mailSettings = mailSettingsService({ db, mail: deps.mail });
  const accounts = accountsService({
    db,
    publicUrl: deps.publicUrl,
    siteName: shortName,
    wakeMailer: deps.wakeMailer,
    timeZone: deps.siteTimeZone,
    mailFiles: files,
    logger,
  });
  const audit = auditService({ db, timeZone: deps.siteTimeZone });
  const members = memberService({ db, timeZone: deps.siteTimeZone, erase, site: mailSite, wakeMailer: deps.wakeMailer });
  const bloodDonors = bloodDonorService({
    db,
    store,
    logger,
    erase,
    mailFiles: files,
    timeZone: deps.siteTimeZone,
    site: mailSite,
    wakeMailer: deps.wakeMailer,
  });
  const twoFactor = twoFactorService({ db, siteName: shortName, secrets: deps.secrets });
  const pushNotifications = pushNotificationService({
    db,
    logger,
    publicUrl: deps.publicUrl,
    secrets: deps.secrets,
    vapidSubject: deps.vapidSubject ?? (deps.publicUrl.startsWith("https://") ? deps.publicUrl : "mailto:website@localhost"),
    icon: async () => (await content.chrome()).icons.icon192 || undefined,
  });
  return {
    content,
    /** The installed site's maskable icon, made from the logo. */
    appIcons: appIconService({ storage: deps.storage, printLogoKey: content.printLogoKey }),
    /** The admin's edits of the content (the public pages read it through `content`). */
    contentEditor: contentEditorService(deps),
    auth: authService({ ...deps, twoFactor }),
    /** The audit log as Owners read it. */
    audit,
    /** Two-factor sign-in: setting it up, turning it off, recovery codes. */
    twoFactor,
    /** The admin accounts, their invitations and password resets. */
    accounts,
    announcements,
    applications: applicationService({
      db,
      store,
      publicUrl: deps.publicUrl,
      timeZone: deps.siteTimeZone,
      questions: content.joinQuestions,
      localAddressLabel: content.localAddressLabel,
      erase,
      confirmationFor: async (applicant, locale) => mailSettings.confirmationFor(applicant, await shortName(), locale),
      admitMembers: members.admit,
    }),
    /** The society's members: made by accepting join requests, listed, renewed each session. */
    members,
    registrations,
    /** Certificates of attendance: issued to those checked in, mailed with their PDF, verified by number. */
    certificates: certificateService({
      db,
      storage: deps.storage,
      timeZone: deps.siteTimeZone,
      site: async () => ({ siteName: (await content.chrome()).siteName, publicUrl: deps.publicUrl }),
      printLogoKey: content.printLogoKey,
      wakeMailer: deps.wakeMailer,
    }),
    /** The blood-donor registry as donors see it: signing up, their own link, the public counts. */
    bloodDonors,
    /** Coordinators' emergency requests: the matching donors, revealing a number (audited, limited), closing. */
    bloodRequests: bloodRequestService({ db, timeZone: deps.siteTimeZone, site: mailSite, wakeMailer: deps.wakeMailer }),
    personalData,
    /** Push notifications of announcements: the browsers' subscriptions, the VAPID public key, the subscriber count. */
    pushNotifications,
    contactMessages: contactService({ db, store, timeZone: deps.siteTimeZone, erase, publicUrl: deps.publicUrl }),
    settings: {
      joinUsVisible: async (): Promise<boolean> => (await repos.settings.get()).joinUsVisible,
      /** Stores the Join Us switch with its audit entry; returns what is now stored. */
      setJoinUsVisible: (visible: boolean, actorId: string): Promise<boolean> =>
        inTransaction(db, async (trx) => {
          const stored = await trx.settings.setJoinUsVisible(visible);
          await trx.auditLog.record(actorId, "join-us.toggle", `visible=${stored.joinUsVisible}`);
          return stored.joinUsVisible;
        }),
    },
    mailSettings,
    mailOutbox: {
      counts: () => repos.mailOutbox.counts(),
      transport: deps.mail.transport.kind,
      /** Where mail goes instead with no mail server set up (the `log` transport): DATA_DIR/mail; undefined otherwise. */
      fileDir: deps.mail.transport.kind === "log" ? files.dir : undefined,
      /** Queues a test mail to the notification address, replying to the admin who asked; audited. Answers that address. */
      async sendTest(actor: { id: string; email: string }, now = new Date()): Promise<string> {
        const to = await mailSettings.notificationAddress();
        // A signed-in admin is an admin account: the default address exists.
        if (!to) throw new Error("no notification address");
        const payload: OutboxPayload = {
          kind: "test",
          params: { time: formatSiteTime(now, deps.siteTimeZone) },
          replyTo: { name: "Society website admin", address: actor.email },
        };
        await inTransaction(db, async (trx) => {
          await trx.mailOutbox.enqueue("test", payload, now);
          await trx.auditLog.record(actor.id, "mail.test");
        });
        deps.wakeMailer();
        return to;
      },
    },
    /** Changes whenever anything the public pages draw from the database changes (the page cache asks). */
    publicContentVersion: () => repos.publicContent.version(),
    /**
     * Orphan images, expired sessions, ended rate-limit windows, used or expired account links, door links ended 30 days
     * ago, registrations and blood donors never confirmed and donors silent for 12 months go, donors silent for 6 months are asked whether they are
     * still willing, images stored without a link preview get one, and once a day what is past the retention period goes. Each task runs whatever became of the others; a failure is logged and retried at the next round.
     */
    async housekeeping(): Promise<void> {
      const tasks: [string, () => Promise<unknown>][] = [
        ["orphan images", () => announcements.sweepOrphanImages()],
        ["link previews", () => addMissingPreviews(deps)],
        ["expired sessions", () => sessionStore(repos.sessions).deleteExpired()],
        ["ended rate limits", () => repos.rateLimits.deleteExpired()],
        ["settled account links", () => accounts.deleteSettledLinks()],
        ["unconfirmed registrations", () => registrations.deleteExpiredUnconfirmed()],
        ["door links ended 30 days ago", () => registrations.deleteEndedDoorLinks()],
        ["year-old audit entries", () => audit.deleteExpired()],
        ["retention sweep", () => personalData.sweepDaily()],
        ["blood donors past keeping", () => bloodDonors.sweep()],
        ["members who did not stay for a new session", () => members.lapseOverdue()],
        ["blood donors asked whether still willing", () => bloodDonors.remindSilent()],
      ];
      for (const [task, run] of tasks) {
        await run().catch((error: unknown) => logger.warn({ task, err: errorMessage(error) }, "housekeeping task failed; retrying later"));
      }
    },
  };
}

export type Services = ReturnType<typeof createServices>;
