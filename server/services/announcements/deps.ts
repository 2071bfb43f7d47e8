import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import type { RecordEraser } from "#server/services/personal-data.ts";
import type { FileStorage } from "#server/storage/storage.ts";

export interface AnnouncementDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  logger: Logger;
  /** Deletes an announcement's registrations with every copy of their data, with the announcement. */
  erase: RecordEraser;
  /** The zone the admin's dates and times are written and read in (SITE_TIMEZONE). */
  siteTimeZone: string;
  /** Nudges the push worker once a push notification is due (an announcement saved live with "Send notification"). */
  wakePusher?(): void;
}
export type ReadDeps = Pick<AnnouncementDeps, "db" | "siteTimeZone">;
export type ImageDeps = Pick<AnnouncementDeps, "db" | "storage" | "logger">;
export type ZoneDeps = Pick<AnnouncementDeps, "siteTimeZone">;
