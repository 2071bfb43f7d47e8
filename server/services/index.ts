import type { Kysely } from "kysely";
import { authService } from "../auth/auth-service";
import { sessionStore } from "../auth/sessions.server";
import type { MailConfig } from "../config";
import type { Database } from "../db/schema";
import type { Logger } from "../logger";
import { createRepos, inTransaction } from "../repos";
import type { FileStorage } from "../storage/storage";
import { announcementService } from "./announcements";
import { applicationService } from "./applications";
import { contactService } from "./contact-messages";
import { contentEditorService } from "./content-editor";
import { submissionStore } from "./public-submissions";
import { siteContentService } from "./site-content";

export interface ServiceDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  logger: Logger;
  publicUrl: string;
  /** The society's time zone (SITE_TIMEZONE): times in mails and in the admin area. */
  siteTimeZone: string;
  /** How mail leaves the site (shown to the admin). */
  mailTransport: MailConfig["transport"]["kind"];
  /** Nudges the mail worker once a notification is queued. */
  wakeMailer(): void;
}

/**
 * Everything routes may ask of the server, built once at start and handed to every loader and action as
 * `context.services`. Routes never reach a repository, the database or storage any other way.
 */
export function createServices(deps: ServiceDeps) {
  const { db, logger } = deps;
  const repos = createRepos(db);
  const store = submissionStore({ db, logger, wakeMailer: deps.wakeMailer });
  const announcements = announcementService(deps);
  const content = siteContentService({ repo: repos.siteContent, publicUrl: deps.publicUrl });
  return {
    content,
    /** The admin's edits of the content (the public pages read it through `content`). */
    contentEditor: contentEditorService(deps),
    auth: authService(deps),
    announcements,
    applications: applicationService({
      db,
      store,
      publicUrl: deps.publicUrl,
      timeZone: deps.siteTimeZone,
      questions: content.joinQuestions,
      localAddressLabel: content.localAddressLabel,
    }),
    contactMessages: contactService({ store, timeZone: deps.siteTimeZone }),
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
    mailOutbox: { counts: () => repos.mailOutbox.counts(), transport: deps.mailTransport },
    /** Changes whenever anything the public pages draw from the database changes (the page cache asks). */
    publicContentVersion: () => repos.publicContent.version(),
    /** Orphan images, expired sessions and ended rate-limit windows go. */
    async housekeeping(): Promise<void> {
      await announcements.sweepOrphanImages();
      await sessionStore(repos.sessions).deleteExpired();
      await repos.rateLimits.deleteExpired();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
