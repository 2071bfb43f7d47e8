import fs from "node:fs";
import path from "node:path";
import { CONTENT_DIR } from "../../server/content/load-site";
import { createDatabase, type DatabaseHandle, migrateToLatest } from "../../server/db/database";
import { createLogger } from "../../server/logger";
import { AUDIT_ACTOR } from "../../server/repos/audit-log";
import { announcementService } from "../../server/services/announcements";
import { localStorage } from "../../server/storage/local-storage";

/** DATA_DIR's SQLite database, migrated: seeded before the server starts, read while it runs. */
export async function openSiteDatabase(dataDir: string): Promise<DatabaseHandle> {
  fs.mkdirSync(dataDir, { recursive: true });
  const database = createDatabase({ engine: "sqlite", file: path.join(dataDir, "site.db") });
  await migrateToLatest(database.db);
  return database;
}

/** `count` of the society's event photos (1600 px JPEGs under content/photos/events), the kind of picture an admin uploads. */
export function eventPhotos(count: number): string[] {
  const dir = path.join(CONTENT_DIR, "photos", "events");
  const photos = fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".jpg"))
    .sort()
    .map((file) => path.join(dir, file));
  if (photos.length === 0) throw new Error("no event photos under content/photos/events to seed announcements with");
  return Array.from({ length: count }, (_, i) => photos[Math.floor((i * photos.length) / count)]!);
}

/**
 * Announcements created as the admin creates them (the upload pipeline encodes each photo into its variants under
 * DATA_DIR/uploads), oldest first so the first photo ends up newest. Returns their ids, newest first.
 */
export async function seedAnnouncements(database: DatabaseHandle, dataDir: string, photos: string[]): Promise<string[]> {
  const announcements = announcementService({
    db: database.db,
    storage: localStorage(path.join(dataDir, "uploads")),
    logger: createLogger("silent"),
  });
  const ids: string[] = [];
  for (const [i, photo] of [...photos.entries()].reverse()) {
    const created = await announcements.create(
      {
        description: `Announcement ${i + 1}: ${path.basename(path.dirname(photo)).replaceAll("-", " ")}\nJoin us on campus; registration is open until the end of the month.\nBring your student card.`,
        googleFormUrl: "https://forms.example.org/register",
        image: fs.readFileSync(photo),
      },
      AUDIT_ACTOR.cli,
    );
    if (!created.ok) throw new Error(`seeding an announcement with ${photo} failed: ${created.message}`);
    ids.unshift(created.id);
  }
  return ids;
}
