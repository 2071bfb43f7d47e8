import type { Kysely } from "kysely";
import { v7 as uuidv7 } from "uuid";
import type { Database } from "#server/db/schema.ts";
import { createRepos } from "#server/repos/index.ts";
import { signIn, siteOrigin } from "#scripts/lib/production-server.ts";
import type { PageLoads } from "./report";
import { visit } from "./uploads";

/** The issue's case: an event's 500 attendees given their certificates in one go, all mailed within 60 s. */
export const ATTENDEES = 500;
export const CERTIFICATES_TARGET_SECONDS = 60;
/** How long to wait for the last mail before giving up on the run. */
const GIVE_UP_SECONDS = 600;

export interface CertificatesResult {
  attendees: number;
  /** From Issue certificates to the last certificate's mail sent (its PDF drawn and written out). */
  seconds: number;
  /** How long the Issue certificates post itself took to answer. */
  issueMs: number;
  sent: number;
  dead: number;
  pages: PageLoads;
}

/** An event that started an hour ago, with ATTENDEES registrations all checked in, and a signatory set. */
async function seedAttendedEvent(db: Kysely<Database>): Promise<string> {
  const repos = createRepos(db);
  const announcementId = uuidv7();
  const started = new Date(Date.now() - 60 * 60 * 1000).toISOString();
  await repos.announcements.create(
    announcementId,
    {
      title: "Annual Symposium on Emergency Medicine",
      description: "Symposium",
      imageId: null,
      linkUrl: null,
      linkLabel: null,
      publishAt: started,
      expiresAt: null,
      event: { startsAt: started, endsAt: null, location: "Main hall" },
      registration: { capacity: null, closesAt: null, questions: [] },
      pinned: false,
    },
    started,
  );
  await db.transaction().execute(async (trx) => {
    const inTrx = createRepos(trx, db);
    for (let n = 0; n < ATTENDEES; n++) {
      const id = uuidv7();
      // A third of the names in Urdu: shaping is most of a drawing's time.
      const name = n % 3 === 0 ? `محمد علی ${n}` : `Ayesha Khan-Núñez ${n}`;
      await inTrx.registrations.create({
        id,
        announcementId,
        name,
        email: `attendee${n}@example.org`,
        phone: "03001234567",
        class: "",
        answers: "[]",
        submissionKey: null,
        createdAt: started,
        confirmTokenHash: null,
        confirmExpiresAt: null,
      });
      await inTrx.registrations.confirm(id, announcementId, "registered");
      await inTrx.registrations.checkIn(id, started, "Bench");
    }
    await inTrx.settings.setCertificateSignatory({ name: "Dr Hina Shah", title: "President" });
  });
  return announcementId;
}

/**
 * On the site server (`serverUrl`, its SQLite database open beside it as `db`): an event with ATTENDEES checked in, then
 * Issue certificates as the registrations screen posts it, while visitors load the home and events pages at a steady
 * rate (uploads.ts's `visit`: wrk, a process of its own); timed until the last certificate's mail is sent by the
 * server's mail worker.
 */
export async function benchCertificates(
  serverUrl: string,
  db: Kysely<Database>,
  admin: { email: string; password: string },
  pageHeaders: Record<string, string>,
  progress: (line: string) => void,
): Promise<CertificatesResult> {
  progress(`certificates: seeding an event with ${ATTENDEES} attendees checked in`);
  const announcementId = await seedAttendedEvent(db);
  const cookie = await signIn(serverUrl, admin.email, admin.password);
  // Stopped once the last mail is sent; the duration only bounds a run that would otherwise never end.
  const visitors = visit(serverUrl, GIVE_UP_SECONDS, pageHeaders);
  progress(`certificates: issuing ${ATTENDEES} while visitors load pages, as in the uploads' case`);
  const started = performance.now();
  const issued = await fetch(`${serverUrl}/admin/announcements/${announcementId}/registrations.data`, {
    method: "POST",
    headers: { ...siteOrigin(serverUrl), cookie },
    body: new URLSearchParams({ intent: "issue-certificates", role: "Participant", hours: "3" }),
  });
  await issued.arrayBuffer();
  const issueMs = performance.now() - started;
  if (!issued.ok) throw new Error(`Issue certificates answered ${issued.status}`);
  let progressMails = { waiting: ATTENDEES, sent: 0, dead: 0 };
  for (let lastSaid = 0; progressMails.waiting > 0;) {
    if (performance.now() - started > GIVE_UP_SECONDS * 1000) throw new Error(`certificate mails still waiting after ${GIVE_UP_SECONDS} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    progressMails = await createRepos(db).certificates.mailProgress(announcementId);
    if (performance.now() - lastSaid > 10_000) {
      lastSaid = performance.now();
      progress(`certificates: ${progressMails.sent} of ${ATTENDEES} mailed`);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  visitors.stop();
  const pages = await visitors.result;
  return {
    attendees: ATTENDEES,
    seconds,
    issueMs,
    sent: progressMails.sent,
    dead: progressMails.dead,
    pages,
  };
}

/** The certificates' line of the report, and their targets. */
export function certificatesReport(result: CertificatesResult) {
  const { pages } = result;
  const line =
    `certificates: ${result.sent} of ${result.attendees} issued and mailed (PDF drawn as each is sent) in ${result.seconds.toFixed(1)} s ` +
    `(Issue certificates answered in ${Math.round(result.issueMs)} ms); meanwhile ${pages.requests} page loads (/ and /events-and-activities): ` +
    `p50 ${pages.p50Ms} ms, p95 ${pages.p95Ms} ms, p99 ${pages.p99Ms} ms, slowest ${pages.maxMs} ms`;
  const checks = [
    {
      target: `${result.attendees} certificates mailed < ${CERTIFICATES_TARGET_SECONDS} s`,
      measured: `${result.seconds.toFixed(1)} s`,
      pass: result.sent === result.attendees && result.seconds < CERTIFICATES_TARGET_SECONDS,
    },
    { target: "pages while issuing: p95 < 100 ms", measured: `${pages.p95Ms} ms`, pass: pages.p95Ms < 100 },
    { target: "no page errors while issuing", measured: String(pages.errors), pass: pages.errors === 0 },
  ];
  return { line, checks };
}
