import { joinSubmissionSchema } from "#core/schemas/join";
import type { DatabaseHandle } from "../../server/db/database";
import { createLogger } from "../../server/logger";
import { mailOutboxRepo } from "../../server/repos/mail-outbox";
import { applicationService } from "../../server/services/applications";
import { submissionStore } from "../../server/services/public-submissions";
import { UPLOADS_URL } from "../../server/services/image-store";
import { eventPhotos, seedAnnouncements } from "../lib/seed-site";
import { applicant } from "./applicants";

export const SEEDED_ANNOUNCEMENTS = 20;
export const SEEDED_APPLICATIONS = 500;

/** The join questions the seeded applications answer (the demo content's are not needed for a measurement). */
const QUESTIONS = ["Vision", "Why join", "Philosophy", "Quran", "Hobbies", "Books"];

export interface BenchData {
  /** One announcement image as a phone loads it: the newest announcement's 800 px AVIF. */
  imagePath: string;
}

/**
 * A site a few months into use, written through the project's own services before the server starts: 20
 * announcements with photos encoded by the upload pipeline, and 500 join applications with their notifications,
 * which the server's mail worker delivers once it runs.
 */
export async function seedBenchData(database: DatabaseHandle, dataDir: string, log: (line: string) => void): Promise<BenchData> {
  const [newest] = await seedAnnouncements(database, dataDir, eventPhotos(SEEDED_ANNOUNCEMENTS));
  log(`seeded ${SEEDED_ANNOUNCEMENTS} announcements`);
  const row = await database.db
    .selectFrom("announcements")
    .innerJoin("images", "images.id", "announcements.image_id")
    .select("images.variants")
    .where("announcements.id", "=", newest!)
    .executeTakeFirstOrThrow();
  const variant = (JSON.parse(row.variants) as { key: string; format: string; width: number }[]).find(
    (v) => v.format === "avif" && v.width === 800,
  );
  if (!variant) throw new Error("the newest announcement's image has no 800 px AVIF variant");

  const { db } = database;
  const applications = applicationService({
    db,
    store: submissionStore({ db, logger: createLogger("silent"), wakeMailer: () => undefined }),
    publicUrl: "http://127.0.0.1",
    timeZone: "Asia/Karachi",
    questions: QUESTIONS,
  });
  const now = Date.now();
  for (let i = 0; i < SEEDED_APPLICATIONS; i++) {
    // Each from its own address: the per-address limit is for visitors, not for seeding.
    const result = await applications.submit(
      joinSubmissionSchema.parse(applicant(i)),
      `10.0.${i >> 8}.${i & 255}`,
      new Date(now - i * 4 * 60 * 60 * 1000),
    );
    if (!result.ok) throw new Error(`seeding application ${i} was refused: ${result.reason}`);
  }
  log(`seeded ${SEEDED_APPLICATIONS} applications`);
  return { imagePath: `${UPLOADS_URL}/${variant.key}` };
}

/** Waits until the server's mail worker has nothing left to deliver, so its work does not fall into a measured run. */
export async function outboxDelivered(database: DatabaseHandle, serverOutput: () => string, timeoutMs = 120_000): Promise<void> {
  const outbox = mailOutboxRepo(database.db);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { waiting } = await outbox.counts();
    if (waiting === 0) return;
    if (Date.now() > deadline) {
      const lastLines = serverOutput().trimEnd().split("\n").slice(-5).join("\n");
      throw new Error(
        `the mail outbox still holds ${waiting} undelivered job(s) after ${timeoutMs / 1000} s; the server's last lines:\n${lastLines}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
