import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { adminLinksRepo } from "./admin-links";
import { adminsRepo } from "./admins";
import { announcementsRepo } from "./announcements";
import { applicationActivityRepo } from "./application-activity";
import { applicationsRepo } from "./applications";
import { auditLogRepo } from "./audit-log";
import { bloodDonorsRepo } from "./blood-donors";
import { bloodRequestsRepo } from "./blood-requests";
import { contactMessagesRepo } from "./contact-messages";
import { imagesRepo } from "./images";
import { mailOutboxRepo } from "./mail-outbox";
import { membersRepo } from "./members";
import { personalDataRepo } from "./personal-data";
import { publicContentRepo } from "./public-content";
import { pushBroadcastsRepo } from "./push-broadcasts";
import { pushDeliveriesRepo } from "./push-deliveries";
import { pushSubscriptionsRepo } from "./push-subscriptions";
import { rateLimitsRepo } from "./rate-limits";
import { recoveryCodesRepo } from "./recovery-codes";
import { registrationsRepo } from "./registrations";
import { doorLinksRepo } from "./door-links";
import { certificatesRepo } from "./certificates";
import { sessionsRepo } from "./sessions";
import { settingsRepo } from "./settings";
import { siteContentRepo } from "./site-content";
import { videoUploadsRepo } from "./video-uploads";

/**
 * Every repository, reading and writing through `db`: the database, or a transaction of `root` (where what is read once
 * per database is remembered).
 */
export function createRepos(db: Kysely<Database>, root: Kysely<Database> = db) {
  return {
    settings: settingsRepo(db),
    images: imagesRepo(db),
    announcements: announcementsRepo(db),
    applications: applicationsRepo(db),
    applicationActivity: applicationActivityRepo(db),
    admins: adminsRepo(db),
    adminLinks: adminLinksRepo(db),
    sessions: sessionsRepo(db),
    recoveryCodes: recoveryCodesRepo(db),
    rateLimits: rateLimitsRepo(db),
    auditLog: auditLogRepo(db, root),
    mailOutbox: mailOutboxRepo(db),
    personalData: personalDataRepo(db),
    registrations: registrationsRepo(db),
    doorLinks: doorLinksRepo(db),
    certificates: certificatesRepo(db),
    bloodDonors: bloodDonorsRepo(db),
    bloodRequests: bloodRequestsRepo(db),
    members: membersRepo(db),
    pushSubscriptions: pushSubscriptionsRepo(db),
    pushBroadcasts: pushBroadcastsRepo(db),
    pushDeliveries: pushDeliveriesRepo(db),
    contactMessages: contactMessagesRepo(db),
    publicContent: publicContentRepo(db),
    siteContent: siteContentRepo(db),
    videoUploads: videoUploadsRepo(db),
  };
}

export type Repos = ReturnType<typeof createRepos>;

/** Runs `work` in one transaction, with repositories that write through it: all of its writes commit, or none. */
export function inTransaction<T>(db: Kysely<Database>, work: (repos: Repos) => Promise<T>): Promise<T> {
  return db.transaction().execute((trx) => work(createRepos(trx, db)));
}
