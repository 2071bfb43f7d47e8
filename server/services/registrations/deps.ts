import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { inTurnQueue } from "#server/in-turn.ts";
import type { Logger } from "#server/logger.ts";
import type { Repos } from "#server/repos/index.ts";
import type { AnnouncementService } from "#server/services/announcements.ts";
import type { RecordEraser } from "#server/services/personal-data.ts";
import type { SubmissionStore } from "#server/services/public-submissions.ts";
import type { TicketSigner } from "#server/services/registrations/tickets.ts";

export interface RegistrationDeps {
  db: Kysely<Database>;
  store: SubmissionStore;
  logger: Logger;
  announcements: Pick<AnnouncementService, "registrationTarget" | "findForAdmin">;
  /** The site's name and address, as the registrant's mail and calendar file give them. */
  site(): Promise<{ siteName: string; publicUrl: string }>;
  erase: RecordEraser;
  /** Signs and checks the tickets of confirmed registrations. */
  tickets: TicketSigner;
  timeZone: string;
  wakeMailer(): void;
  repos: Repos;
  /**
   * This instance's writes that take or give up places, one at a time. They queue on the announcement's lock anyway;
   * queued here, a rush of hundreds waits in memory instead of each holding one of the pool's few database connections
   * until the pool runs dry.
   */
  inTurn: ReturnType<typeof inTurnQueue>;
}
