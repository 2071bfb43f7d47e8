import fs from "node:fs";
import path from "node:path";
import { joinSubmissionSchema } from "../../app/schemas/join";
import { CONTENT_DIR } from "../../server/content/load-site";
import { mailOutboxRepo } from "../../server/repos/mail-outbox";
import { UPLOADS_URL } from "../../server/services/image-store";
import { submitJoinApplication } from "../../server/services/join";
import { seedAnnouncement } from "../../tests/integration/helpers/seed";
import type { TestServer } from "../../tests/integration/helpers/test-server";
import { SEED_QUESTIONS } from "../../tests/shared/seed-questions";
import { applicant } from "./applicants";

export const SEEDED_ANNOUNCEMENTS = 20;
export const SEEDED_APPLICATIONS = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface BenchData {
  /** One announcement image as a phone loads it: the newest announcement's 800 px AVIF. */
  imagePath: string;
}

/** The society's event photos (1600 px JPEGs), the kind of picture an admin uploads with an announcement. */
function eventPhotos(count: number): string[] {
  const photos = fs
    .readdirSync(path.join(CONTENT_DIR, "photos", "events"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".jpg"))
    .sort()
    .map((file) => path.join(CONTENT_DIR, "photos", "events", file));
  if (photos.length === 0) throw new Error("no event photos under content/photos/events to seed announcements with");
  return Array.from({ length: count }, (_, i) => photos[Math.floor((i * photos.length) / count)]!);
}

/**
 * A site a few months into use, written through the project's own services: 20 announcements with photos encoded
 * by the upload pipeline (newest first, a week apart), and 500 join applications with their notifications, which the
 * server's mail worker then delivers. Resolves once that delivery is done, so no run measures the backlog.
 */
export async function seedBenchData(server: TestServer, log: (line: string) => void): Promise<BenchData> {
  const now = Date.now();
  let imagePath: string | undefined;
  const photos = eventPhotos(SEEDED_ANNOUNCEMENTS);
  for (const [i, photo] of photos.entries()) {
    const { image } = await seedAnnouncement(server, {
      description: `Announcement ${i + 1}: ${path.basename(path.dirname(photo)).replaceAll("-", " ")}\nJoin us on campus; registration is open until the end of the month.\nBring your student card.`,
      createdAt: new Date(now - i * 7 * DAY_MS).toISOString(),
      image: fs.readFileSync(photo),
    });
    if (i === 0) {
      const variant = image.variants.find((v) => v.format === "avif" && v.width === 800);
      if (!variant) throw new Error(`the first announcement's image has no 800 px AVIF variant (${image.variants.map((v) => v.key).join(", ")})`);
      imagePath = `${UPLOADS_URL}/${variant.key}`;
    }
    log(`seeded announcement ${i + 1}/${SEEDED_ANNOUNCEMENTS}`);
  }

  const deps = { db: server.database.db, publicUrl: server.url, timeZone: "Asia/Karachi", questions: SEED_QUESTIONS };
  for (let i = 0; i < SEEDED_APPLICATIONS; i++) {
    await submitJoinApplication(deps, joinSubmissionSchema.parse(applicant(i)), new Date(now - i * 4 * 60 * 60 * 1000));
  }
  log(`seeded ${SEEDED_APPLICATIONS} applications`);
  await outboxDelivered(server);
  return { imagePath: imagePath! };
}

/** Waits until the server's mail worker has nothing left to deliver, so its work does not fall into a measured run. */
export async function outboxDelivered(server: TestServer, timeoutMs = 120_000): Promise<void> {
  const outbox = mailOutboxRepo(server.database.db);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { waiting } = await outbox.counts();
    if (waiting === 0) return;
    if (Date.now() > deadline) {
      const lastLines = server.output().trimEnd().split("\n").slice(-5).join("\n");
      throw new Error(`the mail outbox still holds ${waiting} undelivered job(s) after ${timeoutMs / 1000} s; the server's last log lines:\n${lastLines}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
