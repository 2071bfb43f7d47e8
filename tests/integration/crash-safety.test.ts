import { sql } from "kysely";
import { afterEach, describe, expect, test } from "vitest";
import { testEngines } from "#tests/shared/test-database.ts";
import { freshIp, joinApplication, postForm } from "./helpers/forms";
import { startTestServer, type TestServer } from "./helpers/test-server";

const CONCURRENT_CLIENTS = 12;
/** The kill comes once this many applications were acknowledged, so it lands while others are in flight. */
const KILL_AFTER_ACKNOWLEDGED = 40;

interface Acknowledged {
  fullname: string;
  submissionKey: string;
}

/** What the applicant reads once the application is stored with its notification. */
const JOINED = "Thank you for joining us, we will contact you soon!";

/**
 * Clients that keep submitting join applications until the server stops answering. Only a 200 with the thanks is
 * an acknowledgement; a request cut off by the crash promised nothing.
 */
function submitUntilTheServerDies(server: TestServer, onAcknowledged: (count: number) => void) {
  const acknowledged: Acknowledged[] = [];
  let sent = 0;
  const client = async (clientNumber: number) => {
    let ip = freshIp();
    for (let i = 0; ; i++) {
      if (i % 5 === 4) ip = freshIp(); // stay under the per-address limit
      sent += 1;
      const application = joinApplication({ fullname: `Crash ${clientNumber}-${i}` });
      try {
        const response = await postForm(server, "/join", application, ip);
        const page = await response.text();
        if (response.status !== 200 || !page.includes(JOINED)) throw new Error(`unexpected answer ${response.status}`);
        acknowledged.push({ fullname: application.fullname as string, submissionKey: application.submissionKey as string });
        onAcknowledged(acknowledged.length);
      } catch (error) {
        if (error instanceof TypeError) return; // the connection died with the server
        throw error;
      }
    }
  };
  const done = Promise.all(Array.from({ length: CONCURRENT_CLIENTS }, (_, n) => client(n)));
  return { acknowledged, done, sent: () => sent };
}

describe.each(testEngines())("crash safety on %s", (engine) => {
  let servers: TestServer[] = [];
  afterEach(async () => {
    for (const server of servers.reverse()) await server.stop();
    servers = [];
  });

  test("SIGKILL during concurrent join submissions: after a restart every acknowledged application is there once, with its notification", async () => {
    const first = await startTestServer(engine, { TRUST_PROXY: "loopback" });
    servers.push(first);

    let killing: Promise<void> | undefined;
    const load = submitUntilTheServerDies(first, (count) => {
      if (count >= KILL_AFTER_ACKNOWLEDGED && !killing) killing = first.kill();
    });
    await load.done;
    await killing;
    expect(load.acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);
    expect(load.sent()).toBeGreaterThan(load.acknowledged.length); // some requests really were cut off

    const restarted = await startTestServer(engine, { TRUST_PROXY: "loopback" }, { restartOf: first });
    servers.push(restarted);
    const { db } = restarted.database;

    const applications = await db.selectFrom("applications").select(["id", "fullname", "submissionKey"]).execute();
    const outbox = await db.selectFrom("mailOutbox").select(["kind", "payload"]).where("kind", "=", "join").execute();
    const notifiedNames = outbox.map((row) => (JSON.parse(row.payload) as { params: { name: string } }).params.name);

    for (const { fullname, submissionKey } of load.acknowledged) {
      const stored = applications.filter((row) => row.submissionKey === submissionKey);
      expect(stored, fullname).toHaveLength(1);
      expect(
        notifiedNames.filter((name) => name === fullname),
        fullname,
      ).toHaveLength(1);
    }
    // Nothing half-written either: every stored application (acknowledged or not) has exactly one notification.
    expect(outbox).toHaveLength(applications.length);
    expect(new Set(notifiedNames)).toEqual(new Set(applications.map((row) => row.fullname)));

    if (engine === "sqlite") {
      const check = await sql<{ integrityCheck: string }>`PRAGMA integrity_check`.execute(db);
      expect(check.rows).toEqual([{ integrityCheck: "ok" }]);
    }
    // And the restarted site takes new applications.
    expect((await postForm(restarted, "/join", joinApplication(), freshIp())).status).toBe(200);
  });
});
