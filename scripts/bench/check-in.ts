import crypto from "node:crypto";
import { v7 as uuidv7 } from "uuid";
import type { Engine } from "#server/db/database.ts";
import { createLogger } from "#server/logger.ts";
import { mailFiles } from "#server/mail/mail-files.ts";
import { createRepos } from "#server/repos/index.ts";
import { secretsKey } from "#server/secrets-key.ts";
import { announcementService } from "#server/services/announcements.ts";
import { recordEraser } from "#server/services/personal-data.ts";
import { submissionStore } from "#server/services/public-submissions.ts";
import { registrationService } from "#server/services/registrations.ts";
import { ticketSigner } from "#server/services/registrations/tickets.ts";
import { localStorage } from "#server/storage/local-storage.ts";
import { type Check, median, p95 } from "./report";
import { onBenchDatabase } from "./bench-database";

/** The case: an event with this many tickets, each scan answered on the server in under 100 ms. */
export const SEEDED_TICKETS = 2_000;
export const SCAN_TARGET_MS = 100;
/** Scans timed (each a ticket not yet checked in, then the same ticket again), after WARMUP untimed ones. */
const SAMPLES = 200;
const WARMUP = 10;
/** Offline door lists timed, after WARMUP untimed ones. */
const LIST_SAMPLES = 20;
const INSERT_BATCH = 250;
const TIME_ZONE = "Asia/Karachi";

export type CheckInResult =
  | { engine: Engine; skipped: string }
  | {
      engine: Engine;
      scanMs: number[];
      rescanMs: number[];
      searchMs: number[];
      /** The offline door list of all the tickets, and its size as JSON. */
      listMs: number[];
      listBytes: number;
      checkedIn: number;
    };

/**
 * On `engine` (PostgreSQL in a schema of its own, dropped afterwards): an event with SEEDED_TICKETS confirmed
 * registrations, then SAMPLES tickets scanned through the registrations service as the check-in screen's post does
 * (the token read and checked, the registration found, checked in), each then scanned again ("Already checked in"),
 * and searches by short code (which signs every ticket of the event). In process: the post adds the page's answer.
 */
export async function benchCheckIn(engine: Engine, progress: (line: string) => void): Promise<CheckInResult> {
  const measured = await onBenchDatabase(engine, "check-in", async (database, dataDir) => {
    const db = database.db;
    const logger = createLogger("silent");
    const erase = recordEraser({ db, mailFiles: mailFiles(dataDir), logger });
    const tickets = ticketSigner(secretsKey(crypto.randomBytes(32)));
    const registrations = registrationService({
      db,
      store: submissionStore({ db, logger, wakeMailer: () => undefined }),
      logger,
      announcements: announcementService({ db, storage: localStorage(dataDir), logger, siteTimeZone: TIME_ZONE, erase }),
      site: async () => ({ siteName: "Bench", publicUrl: "http://bench.invalid" }),
      erase,
      tickets,
      timeZone: TIME_ZONE,
      wakeMailer: () => undefined,
    });

    progress(`check-in on ${engine}: seeding an event with ${SEEDED_TICKETS} tickets`);
    const announcementId = uuidv7();
    const now = new Date();
    await createRepos(db).announcements.create(
      announcementId,
      {
        title: "Bench seminar",
        description: "Seminar",
        imageId: null,
        linkUrl: null,
        linkLabel: null,
        publishAt: now.toISOString(),
        expiresAt: null,
        event: { startsAt: now.toISOString(), endsAt: null, location: "Hall" },
        registration: { capacity: null, closesAt: null, questions: [] },
        pinned: false,
      },
      now.toISOString(),
    );
    const ids: string[] = [];
    for (let first = 0; first < SEEDED_TICKETS; first += INSERT_BATCH) {
      const rows = Array.from({ length: Math.min(INSERT_BATCH, SEEDED_TICKETS - first) }, (_, k) => {
        const n = first + k;
        return {
          id: uuidv7(),
          announcementId,
          name: `Student ${n}`,
          email: `student${n}@example.org`,
          phone: "03001234567",
          class: "2nd Year",
          answers: "[]",
          status: "registered" as const,
          arrival: n + 1,
          submissionKey: null,
          createdAt: now.toISOString(),
          confirmTokenHash: null,
          confirmExpiresAt: null,
          checkedInAt: null,
          checkedInBy: null,
        };
      });
      ids.push(...rows.map((row) => row.id));
      await db.insertInto("registrations").values(rows).execute();
    }

    const timed = async (run: () => Promise<unknown>) => {
      const started = performance.now();
      await run();
      return performance.now() - started;
    };
    const scanMs: number[] = [];
    const rescanMs: number[] = [];
    const searchMs: number[] = [];
    for (let n = 0; n < WARMUP + SAMPLES; n++) {
      // Spread over the list, as a queue at the door arrives in no order.
      const ticket = { id: ids[(n * 997) % ids.length]!, announcementId };
      const token = tickets.token(ticket);
      const scan = await timed(() => registrations.checkIn(announcementId, { token }, "Door"));
      const rescan = await timed(() => registrations.checkIn(announcementId, { token }, "Door"));
      const search = await timed(() => registrations.door(announcementId, tickets.shortCode(ticket)));
      if (n < WARMUP) continue;
      scanMs.push(scan);
      rescanMs.push(rescan);
      searchMs.push(search);
    }
    // The list a door phone keeps to check tickets offline: every ticket's hash, fetched when the screen opens and every
    // two minutes while online.
    const listMs: number[] = [];
    let listBytes = 0;
    for (let n = 0; n < WARMUP + LIST_SAMPLES; n++) {
      const started = performance.now();
      listBytes = JSON.stringify(await registrations.offlineDoorList(announcementId)).length;
      if (n >= WARMUP) listMs.push(performance.now() - started);
    }
    const { counts } = (await registrations.door(announcementId, ""))!;
    progress(`check-in on ${engine}: scan median ${median(scanMs).toFixed(1)} ms, p95 ${p95(scanMs).toFixed(1)} ms`);
    return { scanMs, rescanMs, searchMs, listMs, listBytes, checkedIn: counts.checkedIn };
  });
  return { engine, ...measured };
}

/** Per database, the timings; then the target's PASS or MISS per database. Returns the checks. */
export function printCheckInReport(results: readonly CheckInResult[]) {
  console.log(
    `check-in: an event with ${SEEDED_TICKETS} tickets; ${SAMPLES} tickets scanned (then each again, and searched by its code) after ${WARMUP} untimed`,
  );
  const checks: Check[] = [];
  for (const result of results) {
    if ("skipped" in result) {
      console.log(`${result.engine}: ${result.skipped}`);
      continue;
    }
    const line = (name: string, values: readonly number[]) =>
      `${name} median ${median(values).toFixed(1)} ms, p95 ${p95(values).toFixed(1)} ms`;
    console.log(
      `${result.engine}: ${line("scan", result.scanMs)}; ${line("scanned again", result.rescanMs)}; ${line("search by code", result.searchMs)}; ${result.checkedIn} checked in; ${line("the offline door list", result.listMs)} (${Math.round(result.listBytes / 1024)} KiB of JSON)`,
    );
    const measured = p95(result.scanMs);
    checks.push({
      target: `check-in scan p95 under ${SCAN_TARGET_MS} ms (${result.engine})`,
      pass: measured < SCAN_TARGET_MS && result.checkedIn === SAMPLES + WARMUP,
      measured: `${measured.toFixed(1)} ms`,
    });
  }
  return checks;
}
