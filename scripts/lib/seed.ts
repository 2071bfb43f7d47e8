import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { href } from "react-router";
import type { z } from "zod";
import { joinSubmissionSchema } from "#core/schemas/join.ts";
import { parseConfig } from "#server/config.ts";
import { importStartingContent } from "#server/content/import-content.ts";
import { CONTENT_DIR } from "#server/content/load-site.ts";
import { createDatabase, type DatabaseHandle, migrateToLatest } from "#server/db/database.ts";
import { ENCODE_CACHE_DIR, encodeCache } from "#server/images/encode-cache.ts";
import { createLogger } from "#server/logger.ts";
import { AUDIT_ACTOR, setAuditKey } from "#server/repos/audit-log.ts";
import { openSecretsKey } from "#server/secrets-at-rest.ts";
import { createServices, type Services } from "#server/services/index.ts";
import { localStorage } from "#server/storage/local-storage.ts";

/**
 * The server's services on DATA_DIR's SQLite database (migrated) and uploads, as the server builds them from the same
 * settings (its defaults, and `publicUrl` for the links in mails): a measurement seeds through them before the server
 * starts, with the starting content imported as the first start would. Needs `npm run build` (the encoded photos).
 */
export async function openSite(
  dataDir: string,
  { publicUrl }: { publicUrl?: string } = {},
): Promise<{ services: Services; db: DatabaseHandle["db"]; close(): Promise<void> }> {
  const config = parseConfig({ DATA_DIR: dataDir, MAIL_TRANSPORT: "log", PUBLIC_URL: publicUrl });
  // Only DATA_DIR is given, so the server's defaults apply: SQLite and uploads, both under DATA_DIR.
  if (config.storage.kind !== "fs") throw new Error("seeding expects uploads under DATA_DIR");
  fs.mkdirSync(config.dataDir, { recursive: true });
  const database = createDatabase(config.database);
  await migrateToLatest(database.db);
  const storage = localStorage(config.storage.dir);
  const logger = createLogger("silent");
  await importStartingContent({ db: database.db, storage, logger, encoder: encodeCache(ENCODE_CACHE_DIR, { readOnly: true }) }, undefined);
  // The key file the server then finds in DATA_DIR, as its first start would have made it.
  const secrets = await openSecretsKey({ configured: config.secretsKey, dataDir: config.dataDir, db: database.db, logger });
  setAuditKey(database.db, secrets);
  const services = createServices({
    db: database.db,
    storage,
    logger,
    publicUrl: config.publicUrl,
    siteTimeZone: config.siteTimeZone,
    dataDir: config.dataDir,
    mail: config.mail,
    secrets,
    // The server's mail worker delivers what is queued once it runs.
    wakeMailer: () => undefined,
  });
  return { services, db: database.db, close: () => database.close() };
}

/**
 * `count` announcements created as the admin creates them, each with one of the society's event photos (1600 px JPEGs
 * under content/photos/events) encoded by the upload pipeline into DATA_DIR/uploads.
 */
export async function seedAnnouncements(services: Services, count: number): Promise<void> {
  const dir = path.join(CONTENT_DIR, "photos", "events");
  const photos = fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".jpg"))
    .sort();
  if (photos.length === 0) throw new Error("no event photos under content/photos/events to seed announcements with");
  // Oldest first, so the first photo ends up newest.
  for (let i = count - 1; i >= 0; i--) {
    const photo = path.join(dir, photos[Math.floor((i * photos.length) / count)]!);
    const created = await services.announcements.save(
      {
        description: `Announcement ${i + 1}: ${path.basename(path.dirname(photo)).replaceAll("-", " ")}\nJoin us on campus; registration is open until the end of the month.\nBring your student card.`,
        url: "https://forms.example.org/register",
        publish: "now",
        removeImage: false,
        pinned: false,
        registration: "link",
        questions: [],
      },
      fs.readFileSync(photo),
      AUDIT_ACTOR.cli,
    );
    if (!created.ok) throw new Error(`seeding an announcement with ${photo} failed: ${created.reason}`);
  }
}

const NAMES = ["Ayesha", "Hamza", "Fatima", "Bilal", "Zainab", "Usman", "Maryam", "Ali", "Hira", "Saad", "Amna", "Talha", "Iqra"];
const SURNAMES = ["Khan", "Malik", "Ahmed", "Chaudhry", "Butt", "Qureshi", "Siddiqui", "Raza", "Javed", "Iqbal", "Sheikh"];
const CITIES = ["Lahore", "Faisalabad", "Sargodha", "Jhang", "Khushab", "Mianwali", "Gujranwala", "Rawalpindi"];
const HOBBIES = ["reading", "cricket", "calligraphy", "debating", "hiking", "photography", "badminton", "poetry"];
const BOOKS = ["Bang-e-Dra", "The Alchemist", "Pir-e-Kamil", "Man's Search for Meaning", "Raja Gidh", "Atomic Habits", "Zavia"];
const pick = <T>(list: readonly T[], n: number): T => list[n % list.length]!;
const some = (list: readonly string[], n: number, count: number) => Array.from({ length: count }, (_, i) => pick(list, n * 3 + i * 7));

/**
 * The n-th of a stream of plausible, distinct applicants as the join form posts them: answers of the lengths real
 * applicants write, a unique email and phone, and a fresh submission key (so no two are one retried submission).
 */
export function applicant(n: number): z.input<typeof joinSubmissionSchema> {
  const [first, last, city] = [pick(NAMES, n), pick(SURNAMES, Math.floor(n / NAMES.length) + n), pick(CITIES, n * 5)];
  return {
    fullname: `${first} ${last}`,
    class: pick(["1st Year", "2nd Year", "3rd Year", "4th Year", "Final Year"], n),
    department: pick(["MBBS", "BDS", "Nursing", "Allied Health Sciences"], n * 7),
    sargodhaAddress: `Room ${(n % 240) + 1}, Girls/Boys Hostel ${(n % 4) + 1}, University Road, Sargodha`,
    permanentAddress: `House ${(n % 97) + 1}, Street ${(n % 23) + 1}, Block ${String.fromCharCode(65 + (n % 8))}, ${city}`,
    email: `${first}.${last}.${n}@example.org`,
    phone: `03${String((n * 7_919_113) % 1_000_000_000).padStart(9, "0")}`,
    bloodGroup: pick(["A+", "A-", "B+", "B-", "O+", "O-", "AB+", "AB-", ""], n),
    question1: `A community of medical students who help each other grow in knowledge and character, and who serve the people of ${city} through health camps, study circles and blood donation drives.`,
    question2: `I want to spend my years at college doing something useful beyond the syllabus, and the ${pick(["study circles", "health camps", "seminars"], n)} I attended last term convinced me this is the place.`,
    question3:
      "Selfhood (khudi): to know one's worth, to keep striving, and to use what one learns for others rather than for oneself alone.",
    question4: pick(["I read a few verses with translation every morning.", "I try to read daily and attend the weekly dars."], n),
    question5: some(HOBBIES, n, 2 + (n % 3)),
    question6: some(BOOKS, n, 1 + (n % 3)),
    submissionKey: crypto.randomUUID(),
  };
}

/** Applicants 0 to count - 1, through the join service with their mails, one every four hours back from now. */
export async function seedApplications(services: Services, count: number): Promise<void> {
  const now = Date.now();
  for (let i = 0; i < count; i++) {
    // Each from its own address: the per-address limit is for visitors, not for seeding.
    const result = await services.applications.submit(
      joinSubmissionSchema.parse(applicant(i)),
      `10.0.${i >> 8}.${i & 255}`,
      href("/admin"),
      { now: new Date(now - i * 4 * 60 * 60 * 1000) },
    );
    if (!result.ok) throw new Error(`seeding application ${i} was refused: ${result.reason}`);
  }
}
