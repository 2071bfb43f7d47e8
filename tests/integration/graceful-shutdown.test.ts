import http from "node:http";
import { afterEach, describe, expect, test } from "vitest";
import { testEngines } from "#tests/shared/test-database.ts";
import { formBody, freshIp, joinApplication, postForm, waitFor } from "./helpers/forms";
import { type SmtpCatcher, smtpCatcher } from "./helpers/smtp-catcher";
import { freePort, siteOrigin, startTestServer, type TestServer } from "./helpers/test-server";

/**
 * SHUTDOWN_DRAIN_MS: how long readiness answers 503 before the listener closes. Long enough for this test to ask for
 * a page and /readyz within it on a busy machine; the shutdown's 10 s deadline (server/main.ts) still covers it.
 */
const DRAIN_MS = 3_000;
const LOAD_CLIENTS = 8;

/**
 * A join application whose body arrives in two halves: the request is in flight until `finish()` sends the rest.
 * `arrived` settles when the server has read its headers (it answers the client's `Expect: 100-continue`).
 */
function halfSentApplication(server: TestServer, fullname: string) {
  const body = Buffer.from(formBody("/join", joinApplication({ fullname })).toString());
  const request = http.request({
    host: "127.0.0.1",
    port: Number(new URL(server.url).port),
    path: "/join",
    method: "POST",
    agent: false,
    headers: {
      ...siteOrigin(server.publicUrl),
      "Content-Type": "application/x-www-form-urlencoded",
      "Content-Length": body.length,
      "X-Forwarded-For": freshIp(),
      Expect: "100-continue",
    },
  });
  const answer = new Promise<number>((resolve, reject) => {
    request.on("error", reject);
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
  });
  const arrived = new Promise<void>((resolve) =>
    request.once("continue", () => {
      request.write(body.subarray(0, body.length >> 1));
      resolve();
    }),
  );
  request.flushHeaders();
  return { answer, arrived, finish: () => request.end(body.subarray(body.length >> 1)) };
}

interface LoadResult {
  statuses: number[];
  acknowledgedKeys: string[];
  connectionErrors: number;
}

/** Public pages and join submissions from several clients until the server stops accepting connections. */
function loadUntilRefused(server: TestServer): { result: LoadResult; done: Promise<void> } {
  const result: LoadResult = { statuses: [], acknowledgedKeys: [], connectionErrors: 0 };
  const client = async (n: number) => {
    let ip = freshIp();
    for (let i = 0; ; i++) {
      if (i % 5 === 4) ip = freshIp();
      try {
        if (n % 2 === 0) {
          const response = await fetch(`${server.url}/`);
          await response.arrayBuffer();
          result.statuses.push(response.status);
        } else {
          const application = joinApplication({ fullname: `Load ${n}-${i}` });
          const response = await postForm(server, "/join", application, ip);
          await response.arrayBuffer();
          result.statuses.push(response.status);
          if (response.status === 200) result.acknowledgedKeys.push(application.submissionKey as string);
        }
      } catch {
        result.connectionErrors += 1; // refused: the server has stopped accepting
        return;
      }
    }
  };
  return { result, done: Promise.all(Array.from({ length: LOAD_CLIENTS }, (_, n) => client(n))).then(() => undefined) };
}

describe.each(testEngines())("SIGTERM under load on %s", (engine) => {
  let smtp: SmtpCatcher | undefined;
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  /**
   * Waits for events, never for a time: the load has answered, the half-sent requests are in the server's hands,
   * readiness has gone 503, the listener refuses. Fails when readiness stays 200 after SIGTERM, a page during the drain
   * fails, the in-flight requests or the mail in hand are cut off, or the process misses its 10 s deadline (it then
   * exits 1 with "shutdown deadline passed", on its own clock).
   */
  test("readiness goes 503, in-flight requests and the mail in hand finish, the process exits 0 within 10 s", async () => {
    smtp = smtpCatcher(await freePort());
    await smtp.start();
    server = await startTestServer(engine, {
      TRUST_PROXY: "loopback",
      LOG_LEVEL: "info",
      MAIL_TRANSPORT: "smtp",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Website <website@society.test>",
      MAIL_TO: "office@society.test",
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    });
    const running = server;

    // A notification is in the worker's hands: the mail server takes 1.5 s to accept it.
    smtp.answerDelayMs = 1_500;
    expect((await postForm(running, "/join", joinApplication({ fullname: "Mail In Hand" }), freshIp())).status).toBe(200);
    await waitFor(async () => smtp!.offered >= 1);

    const load = loadUntilRefused(running);
    const inFlight = [halfSentApplication(running, "In Flight 1"), halfSentApplication(running, "In Flight 2")];
    await Promise.all(inFlight.map((request) => request.arrived));
    await waitFor(async () => load.result.statuses.length >= LOAD_CLIENTS); // the load is flowing

    process.kill(running.pid, "SIGTERM");
    // Draining: readiness fails so the load balancer moves on, while pages are still served (ending their connections).
    await waitFor(async () => (await fetch(`${running.url}/readyz`)).status === 503);
    const page = await fetch(`${running.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("connection")).toBe("close");
    await page.arrayBuffer();
    // Then the listener closes: new connections are refused while the half-sent requests are still open.
    await waitFor(
      () =>
        fetch(`${running.url}/healthz`).then(
          () => false,
          () => true,
        ),
      30_000,
    );
    for (const request of inFlight) request.finish();
    const inFlightAnswers = await Promise.all(inFlight.map((request) => request.answer));
    const exitCode = await running.exited();
    await load.done;

    // Exit code 0 is "stopped" within the deadline; past it the server exits 1.
    expect(exitCode).toBe(0);
    expect(running.output()).not.toContain("shutdown deadline passed");
    expect(inFlightAnswers).toEqual([200, 200]);
    expect(load.result.statuses.length).toBeGreaterThan(0);
    expect(load.result.statuses.filter((status) => status !== 200)).toEqual([]);
    expect(running.output()).toContain('"msg":"stopped"');

    // Everything acknowledged is stored, and the mail that was in hand was delivered and recorded as sent.
    const { db } = running.database;
    const applications = await db.selectFrom("applications").select(["fullname", "submissionKey"]).execute();
    const storedKeys = new Set(applications.map((row) => row.submissionKey));
    for (const key of load.result.acknowledgedKeys) expect(storedKeys.has(key)).toBe(true);
    expect(applications.map((row) => row.fullname)).toEqual(expect.arrayContaining(["In Flight 1", "In Flight 2", "Mail In Hand"]));
    expect(smtp.mails.some((mail) => mail.text.includes("Name: Mail In Hand"))).toBe(true);
    // (Its confirmation to the applicant, queued behind it, may still wait: the next start sends it.)
    const inHand = await db.selectFrom("mailOutbox").select(["kind", "status", "payload"]).execute();
    expect(inHand.find((row) => row.kind === "join" && row.payload.includes("Mail In Hand"))?.status).toBe("sent");
  });
});
