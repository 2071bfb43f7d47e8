import { sql } from "kysely";
import { v7 as uuidv7 } from "uuid";
import { BLOOD_GROUPS, type BloodGroup } from "#core/blood/groups.ts";
import type { createDatabase, Engine } from "#server/db/database.ts";
import type { Database } from "#server/db/schema.ts";
import { bloodRequestService } from "#server/services/blood-requests.ts";
import { toWallTime } from "#server/site-time.ts";
import type { Insertable } from "kysely";
import { type Check, median, p95 } from "./report";
import { onBenchDatabase } from "./bench-database";

/** The case: this many donors and requests in the database, and the match list of a new request under 200 ms. */
export const SEEDED_DONORS = 10_000;
export const SEEDED_BLOOD_REQUESTS = 2_000;
/** Donors asked per past request. */
const ASKS_PER_REQUEST = 10;
export const MATCH_TARGET_MS = 200;
/** New requests logged and matched, one after another, after WARMUP untimed ones. */
const SAMPLES = 40;
const WARMUP = 5;
const INSERT_BATCH = 250;
const TIME_ZONE = "Asia/Karachi";
const CITIES = ["Sargodha", "Lahore", "Faisalabad", "Islamabad", "Rawalpindi", "Multan", "Gujranwala", "Sialkot", "Jhang", "Khushab"];
/** Roughly Pakistan's ABO/Rh shares, per mille, in BLOOD_GROUPS' order (O−, O+, A−, A+, B−, B+, AB−, AB+). */
const GROUP_SHARES = [25, 290, 20, 210, 30, 320, 5, 100];
const DAY_MS = 24 * 60 * 60 * 1000;

/** A deterministic spread: the n-th of `count` in [0, 1). */
const spread = (n: number, prime: number) => ((n * prime) % 1000) / 1000;

function groupOf(n: number): BloodGroup {
  let pick = spread(n, 7919) * 1000;
  for (const [index, share] of GROUP_SHARES.entries()) {
    if (pick < share) return BLOOD_GROUPS[index]!;
    pick -= share;
  }
  return "O+";
}

/** The n-th seeded donor: most confirmed and available, a third with a donation in the last year. */
function seededDonor(n: number, now: Date): Insertable<Database["bloodDonors"]> {
  const city = CITIES[n % CITIES.length]!;
  const at = new Date(now.getTime() - spread(n, 104_729) * 365 * DAY_MS).toISOString();
  const availability = spread(n, 613) < 0.8 ? "available" : spread(n, 613) < 0.9 ? "not-now" : "from";
  return {
    id: uuidv7(),
    name: `Donor ${n}`,
    email: `donor${n}@example.org`,
    phone: `+92300${String(n).padStart(7, "0")}`,
    bloodGroup: groupOf(n),
    city,
    cityKey: city.toLowerCase(),
    area: `Area ${n % 40}`,
    lastDonationOn: n % 3 === 0 ? toWallTime(new Date(now.getTime() - spread(n, 2_741) * 365 * DAY_MS), TIME_ZONE).slice(0, 10) : null,
    donationInterval: n % 2 === 0 ? "men" : "women",
    availability,
    availableFrom: availability === "from" ? toWallTime(new Date(now.getTime() + (n % 60) * DAY_MS), TIME_ZONE).slice(0, 10) : null,
    consentVersion: "bench",
    consentAt: at,
    linkTokenHash: `bench-${n}`,
    confirmedAt: n % 20 === 0 ? null : at,
    willingAt: at,
    remindedAt: null,
    submissionKey: null,
    createdAt: at,
  };
}

export type BloodMatchResult =
  { engine: Engine; skipped: string } | { engine: Engine; seedSeconds: number; matchMs: number[]; listed: number[] };

/** Seeds SEEDED_DONORS donors and SEEDED_BLOOD_REQUESTS closed requests with their asks, straight into the database. */
async function seed(db: ReturnType<typeof createDatabase>["db"], engine: Engine, now: Date): Promise<void> {
  const donorIds: string[] = [];
  await db.transaction().execute(async (trx) => {
    for (let first = 0; first < SEEDED_DONORS; first += INSERT_BATCH) {
      const rows = [];
      for (let n = first; n < Math.min(first + INSERT_BATCH, SEEDED_DONORS); n++) rows.push(seededDonor(n, now));
      donorIds.push(...rows.map((row) => row.id));
      await trx.insertInto("bloodDonors").values(rows).execute();
    }
    for (let first = 0; first < SEEDED_BLOOD_REQUESTS; first += INSERT_BATCH) {
      const requests = [];
      const asks = [];
      for (let n = first; n < Math.min(first + INSERT_BATCH, SEEDED_BLOOD_REQUESTS); n++) {
        const id = uuidv7();
        const city = CITIES[n % CITIES.length]!;
        const at = new Date(now.getTime() - (n + 1) * 4 * 60 * 60 * 1000).toISOString();
        requests.push({
          id,
          patientGroup: groupOf(n * 31),
          units: 1 + (n % 3),
          hospital: `Hospital ${n % 25}`,
          city,
          cityKey: city.toLowerCase(),
          neededBy: at,
          contact: "Ward 4",
          note: null,
          status: n % 2 === 0 ? ("fulfilled" as const) : ("not-needed" as const),
          closedAt: at,
          createdBy: "bench",
          createdAt: at,
        });
        for (let k = 0; k < ASKS_PER_REQUEST; k++) {
          asks.push({
            requestId: id,
            donorId: donorIds[(n * ASKS_PER_REQUEST + k * 977) % donorIds.length]!,
            channel: "whatsapp" as const,
            askedBy: "bench",
            askedAt: at,
            answer: k % 3 === 0 ? ("yes" as const) : null,
            answeredAt: k % 3 === 0 ? at : null,
          });
        }
      }
      await trx.insertInto("bloodRequests").values(requests).execute();
      // Each value is a bound parameter: a few thousand per statement stays under SQLite's limit.
      for (let at = 0; at < asks.length; at += INSERT_BATCH) {
        await trx
          .insertInto("bloodRequestAsks")
          .values(asks.slice(at, at + INSERT_BATCH))
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    }
  });
  // What autovacuum does within a minute of such an insert; SQLite's statistics are never gathered by the server.
  if (engine === "postgres") {
    await sql`analyze blood_donors`.execute(db);
    await sql`analyze blood_request_asks`.execute(db);
  }
}

/**
 * On `engine` (PostgreSQL in a schema of its own, dropped afterwards): the seeded registry, then SAMPLES new requests,
 * each logged and its match list read through the coordinators' service, timed from before the match query to its
 * rows. In process: the page that shows the list adds the admin area's own rendering on top.
 */
export async function benchBloodMatch(engine: Engine, progress: (line: string) => void): Promise<BloodMatchResult> {
  const now = new Date();
  const measured = await onBenchDatabase(engine, "blood", async (database) => {
    progress(`blood match on ${engine}: seeding ${SEEDED_DONORS} donors and ${SEEDED_BLOOD_REQUESTS} requests`);
    const seeding = performance.now();
    await seed(database.db, engine, now);
    const seedSeconds = (performance.now() - seeding) / 1000;
    const service = bloodRequestService({
      db: database.db,
      timeZone: TIME_ZONE,
      site: async () => ({ siteName: "Bench", publicUrl: "http://bench.invalid" }),
      wakeMailer: () => undefined,
    });
    const matchMs: number[] = [];
    const listed: number[] = [];
    const neededBy = toWallTime(new Date(now.getTime() + 6 * 60 * 60 * 1000), TIME_ZONE);
    for (let n = 0; n < WARMUP + SAMPLES; n++) {
      const id = await service.create(
        {
          patientGroup: BLOOD_GROUPS[n % BLOOD_GROUPS.length]!,
          units: 2,
          hospital: "DHQ",
          city: CITIES[n % CITIES.length]!,
          neededBy,
          contact: "Ward 4",
        },
        "bench",
        now,
      );
      const started = performance.now();
      const matches = await service.matches(id, now);
      if (n >= WARMUP) {
        matchMs.push(performance.now() - started);
        listed.push(matches.length);
      }
    }
    progress(`blood match on ${engine}: median ${median(matchMs).toFixed(1)} ms, p95 ${p95(matchMs).toFixed(1)} ms`);
    return { seedSeconds, matchMs, listed };
  });
  return { engine, ...measured };
}

/** Per database, the timings; then the target's PASS or MISS per database. Returns the checks. */
export function printBloodMatchReport(results: readonly BloodMatchResult[]) {
  console.log(
    `blood match: ${SEEDED_DONORS} donors, ${SEEDED_BLOOD_REQUESTS} past requests with ${ASKS_PER_REQUEST} asks each; ` +
      `${SAMPLES} new requests (every group, ten cities), each match list read after ${WARMUP} untimed`,
  );
  const checks: Check[] = [];
  for (const result of results) {
    if ("skipped" in result) {
      console.log(`${result.engine}: ${result.skipped}`);
      continue;
    }
    const matchP95 = p95(result.matchMs);
    console.log(
      `${result.engine}: seeded in ${result.seedSeconds.toFixed(1)} s; match list median ${median(result.matchMs).toFixed(1)} ms, ` +
        `p95 ${matchP95.toFixed(1)} ms, max ${Math.max(...result.matchMs).toFixed(1)} ms; ${Math.min(...result.listed)} to ${Math.max(...result.listed)} donors listed`,
    );
    checks.push({
      target: `match list p95 < ${MATCH_TARGET_MS} ms (${result.engine})`,
      pass: matchP95 < MATCH_TARGET_MS,
      measured: `${matchP95.toFixed(1)} ms`,
    });
  }
  return checks;
}
