import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ANNOUNCEMENT_UPLOAD_MAX_BYTES, FORM_MAX_BYTES } from "#core/schemas/limits.ts";
import { ADMIN, auditedTimes, clearRateLimits, postPosterAnnouncement, signIn } from "./helpers/admin";
import { PASSWORD_HASHING_CONCURRENCY } from "#server/auth/password.server.ts";
import { waitFor } from "./helpers/forms";
import { sampleJpeg } from "./helpers/seed";
import { siteOrigin, type TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";
import { ANNOUNCEMENT_IMAGE_FOLDER } from "#server/services/announcements.ts";

/**
 * Clients that lie, dawdle or flood change nothing: oversized bodies are refused before anything reads them, slow
 * clients are cut off by the server's timeouts, and a burst of logins does not starve the public pages.
 *
 * All of this happens in Express and Node's HTTP server in front of the database, so it runs on SQLite only (the login
 * limits themselves are tested on PostgreSQL in admin-auth.test.ts). The server runs with short timeouts so the slow
 * clients are cut off within seconds: HTTP_HEADERS_TIMEOUT_MS (15 s in production) and HTTP_REQUEST_TIMEOUT_MS (30 s).
 *
 * No test here bounds how long anything takes, so a busy machine cannot fail them. Who closed a connection is told by
 * what was sent before: Node's timeouts answer 408 (even after another answer, as a second one), while the server's
 * own cut-offs send nothing more; and a client here gives up only after far longer than any of the server's limits.
 */
const HEADERS_TIMEOUT_MS = 2000;
const REQUEST_TIMEOUT_MS = 5000;

interface RawAnswer {
  /** Everything the server sent, as text. */
  text: string;
  /** The status of each answer the server sent, in order. */
  statuses: number[];
  /**
   * How long the connection lasted: only ever a lower bound (a server cutting a client off too early), which a busy
   * machine cannot break.
   */
  closedMs: number;
  /** When the connection closed, on this process's clock: only compared with another connection's. */
  closedAt: number;
  /** The client closed the connection itself, having waited `giveUpMs` for the server to do it. */
  gaveUp: boolean;
}

/** A bare TCP connection, to send what no well-behaved client would: lies about lengths, and slowness. */
function rawConnection(server: TestServer) {
  const started = performance.now();
  const socket = net.connect(Number(new URL(server.url).port), "127.0.0.1");
  let text = "";
  let gaveUp = false;
  socket.on("data", (chunk: Buffer) => {
    text += chunk.toString("latin1");
  });
  socket.on("error", () => {}); // a reset once the server has answered and closed is expected
  const closed = new Promise<RawAnswer>((resolve) =>
    socket.on("close", () =>
      resolve({
        text,
        statuses: [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1])),
        closedMs: performance.now() - started,
        closedAt: performance.now(),
        gaveUp,
      }),
    ),
  );
  const connected = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  return {
    socket,
    connected,
    closed,
    /** What the server has sent so far. */
    received: () => text,
    write: (data: string | Buffer) => {
      if (!socket.destroyed) socket.write(data);
    },
    /**
     * Writes `chunk` every `everyMs` until the server closes the connection, `totalBytes` have been sent (then waits),
     * or `giveUpMs` passes.
     */
    dribble(chunk: () => string | Buffer, everyMs: number, { totalBytes = Number.POSITIVE_INFINITY, giveUpMs = 60_000 } = {}) {
      let sent = 0;
      const timer = setInterval(() => {
        if (socket.destroyed || performance.now() - started > giveUpMs) {
          clearInterval(timer);
          gaveUp = !socket.destroyed;
          socket.destroy();
          return;
        }
        if (sent >= totalBytes) return;
        const data = chunk();
        const part = data.slice(0, totalBytes - sent);
        sent += Buffer.byteLength(part);
        socket.write(part);
      }, everyMs);
      socket.once("close", () => clearInterval(timer));
    },
  };
}

/**
 * A request's head as a page of the site sends it to `server`: its Host, and for a write the site's Origin (which the
 * site and React Router both require of a write), then `headers`.
 */
const head = (server: TestServer, method: string, target: string, headers: Record<string, string | number>) =>
  `${method} ${target} HTTP/1.1\r\n${Object.entries({
    Host: new URL(server.url).host,
    ...(method === "GET" ? {} : { Origin: siteOrigin(server.publicUrl).origin }),
    ...headers,
  })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")}\r\n`;

/** Every file under a directory, relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((entry) => fs.statSync(path.join(dir, entry)).isFile());
}

describe("hostile clients", () => {
  /** The server's own temporary directory (TMPDIR): whatever the server or a library would put in the OS temp dir. */
  const serverTmp = fs.mkdtempSync(path.join(os.tmpdir(), "society-it-tmp-"));
  afterAll(() => fs.rmSync(serverTmp, { recursive: true, force: true }));
  const setup = useTestServer("sqlite", {
    env: {
      TRUST_PROXY: "loopback",
      HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      TMPDIR: serverTmp,
    },
  });
  let server: TestServer;
  beforeAll(() => void (server = setup.server));

  // What the uploads below could have left; the content's own photos (imported on the first start) are not counted.
  const stored = async () => ({
    announcements: (await server.database.db.selectFrom("announcements").select("id").execute()).length,
    images: (await server.database.db.selectFrom("images").select("id").where("sourceHash", "is", null).execute()).length,
    uploads: filesUnder(path.join(server.dataDir, "uploads", ANNOUNCEMENT_IMAGE_FOLDER)).length,
  });

  describe("bodies over the cap", () => {
    test.each([
      ["an upload", "/admin/announcements", ANNOUNCEMENT_UPLOAD_MAX_BYTES + 1],
      ["a public form", "/contact", FORM_MAX_BYTES + 1],
      ["a login", "/admin/login", 50 * 1024 * 1024],
    ])(
      "%s declared over its cap gets 413 at once, and a client still sending it is cut off after a second",
      async (_name, target, declared) => {
        const client = rawConnection(server);
        await client.connected;
        client.write(head(server, "POST", target, { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": declared }));
        // 4 KB every 100 ms: far too slow to finish within the linger, so the server must cut it off.
        client.dribble(() => Buffer.alloc(4 * 1024, 0x61), 100, { totalBytes: declared });
        const answer = await client.closed;
        // Answered while the client was still sending, and closed by the server after its one-second linger: had the
        // request timeout closed it instead, Node would have sent a 408 after the 413. Fails when the body is read
        // before answering (the 413 would never come), or when nothing cuts the client off (a 408, or it gives up).
        expect(answer.statuses).toEqual([413]);
        expect(answer.text).toContain("The request is too large");
        expect(answer.gaveUp).toBe(false);
      },
      90_000,
    );

    test("a client declaring a small Content-Length and sending 6 MB: only the declared bytes are read, the rest is a malformed request (400 and closed at once), nothing is stored", async () => {
      const cookie = await signIn(server);
      const boundary = "----hostile";
      const big = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        await sampleJpeg(),
        Buffer.alloc(6 * 1024 * 1024, 0x62),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const client = rawConnection(server);
      await client.connected;
      client.write(
        head(server, "POST", "/admin/announcements", {
          Cookie: cookie,
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          "Content-Length": 2000,
        }),
      );
      client.write(big);
      const answer = await client.closed;
      // Node answers 400 and closes with the client's bytes still unread, so the client may get a reset before it
      // reads the 400: either way, no other answer. A connection left open would end with the timeouts' 408.
      expect(answer.statuses.filter((status) => status !== 400)).toEqual([]);
      expect(await stored()).toEqual({ announcements: 0, images: 0, uploads: 0 });
    });

    test("a chunked body (no length) is refused at once with 411, and the connection closed", async () => {
      const client = rawConnection(server);
      await client.connected;
      client.write(
        head(server, "POST", "/admin/announcements", { "Content-Type": "multipart/form-data; boundary=x", "Transfer-Encoding": "chunked" }),
      );
      client.dribble(() => `4000\r\n${"a".repeat(0x4000)}\r\n`, 50);
      const answer = await client.closed;
      // Closed by the server, not by its request timeout (which would add a 408) nor by the client giving up.
      expect(answer.statuses).toEqual([411]);
      expect(answer.gaveUp).toBe(false);
    });

    test("chunked and a Content-Length together (a smuggling shape) are refused by the HTTP parser: 400, closed", async () => {
      const client = rawConnection(server);
      await client.connected;
      client.write(
        head(server, "POST", "/contact", {
          "Content-Type": "application/x-www-form-urlencoded",
          "Transfer-Encoding": "chunked",
          "Content-Length": 5,
        }),
      );
      client.write("5\r\nhello\r\n0\r\n\r\n");
      const answer = await client.closed;
      // Closed with the parser's 400 alone: a connection left open would end with the timeouts' 408.
      expect(answer.statuses).toEqual([400]);
    });

    test("after all of that, and one real upload, no temporary file exists: not in DATA_DIR, not in the server's temp dir", async () => {
      const cookie = await signIn(server);
      const upload = await postPosterAnnouncement(server, cookie);
      expect(upload.status).toBe(200);
      // A photo's multipart body is parsed in memory; only the re-encoded variants are written, under uploads/ (beside
      // the content's photos and video, imported on the first start). The server runs its TypeScript through tsx, whose compile cache lives in
      // the temp dir; nothing else may.
      expect(filesUnder(serverTmp).filter((file) => !file.startsWith("tsx-"))).toEqual([]);
      const unexpected = filesUnder(server.dataDir).filter(
        (file) =>
          !/^(site\.db(-wal|-shm|-journal)?|secrets\.key|uploads\/announcements\/[^/]+-\d+\.(avif|webp|jpeg)|uploads\/content\/[^/]+-\d+\.(avif|webp|png|jpeg)|uploads\/content\/video\/[0-9a-f]{32}\.(webm|mp4)|mail\/[^/]+\.eml)$/.test(
            file,
          ),
      );
      expect(unexpected).toEqual([]);
      expect((await stored()).announcements).toBe(1);
    });
  });

  describe("slow clients", () => {
    test("clients that never finish their headers, or their body, are cut off by the server's timeouts while pages are served as usual", async () => {
      // Slowloris: a header line every half second, forever. Silent: connects and says nothing.
      const slowloris = Array.from({ length: 20 }, () => rawConnection(server));
      for (const client of slowloris) {
        await client.connected;
        client.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n");
        client.dribble(() => `X-Waiting-${Math.random().toString(36).slice(2)}: yes\r\n`, 500);
      }
      const silent = rawConnection(server);
      // Headers complete, then a body of 1000 bytes sent a byte at a time.
      const slowBody = rawConnection(server);
      await slowBody.connected;
      slowBody.write(head(server, "POST", "/contact", { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": 1000 }));
      slowBody.dribble(() => "a", 200);

      // Meanwhile the site answers as usual.
      for (let i = 0; i < 5; i++) {
        const response = await fetch(`${server.url}/`);
        await response.arrayBuffer();
        expect(response.status).toBe(200);
      }

      // Each is cut off by the server with Node's 408 (a client here gives up only after a minute), never before its
      // timeout. The header-less ones connected before the slow body and have the shorter timeout, so they are closed
      // first: fails when the headers timeout is not applied (they would last until the request timeout, with the body).
      const headerless = [...(await Promise.all(slowloris.map((c) => c.closed))), await silent.closed];
      const body = await slowBody.closed;
      for (const answer of headerless) {
        expect(answer.statuses).toEqual([408]);
        expect(answer.gaveUp).toBe(false);
        expect(answer.closedMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
        expect(answer.closedAt).toBeLessThan(body.closedAt);
      }
      expect(body.statuses).toEqual([408]);
      expect(body.gaveUp).toBe(false);
      expect(body.closedMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
      expect(await stored()).toMatchObject({ announcements: 1 }); // nothing new
    }, 90_000);
  });

  describe("a burst of wrong logins", () => {
    /**
     * Its own server, with the production timeouts: the logins this test holds open must not meet the short request
     * timeout of the slow-client tests however long a busy machine takes to answer the other hundred.
     */
    const burst = useTestServer("sqlite", { env: { TRUST_PROXY: "loopback" } });
    let burstServer: TestServer;
    beforeAll(() => void (burstServer = burst.server));

    /**
     * A wrong login over a bare socket, from an address no other attempt used (the server trusts X-Forwarded-For, so
     * the per-IP limit never answers), sent all but the last byte of its body. The server decides on the headers
     * whether to let it in; one it lets in holds its slot (it cannot be checked without its body) until `finish()`.
     */
    function heldLogin(index: number, email: string) {
      const body = new URLSearchParams({ email, password: `guess number ${index}` }).toString();
      const client = rawConnection(burstServer);
      client.connected.then(
        () =>
          client.write(
            head(burstServer, "POST", "/admin/login", {
              "Content-Type": "application/x-www-form-urlencoded",
              "Content-Length": Buffer.byteLength(body),
              "X-Forwarded-For": `10.77.${index >> 8}.${index & 255}`,
              Connection: "close",
            }) + body.slice(0, -1),
          ),
        () => {},
      );
      // After the first write (callbacks on one promise run in order).
      return { client, finish: () => client.connected.then(() => client.write(body.slice(-1))) };
    }

    const loginFailures = () => auditedTimes(burstServer, "login.failure");

    /**
     * What keeps the pages fast during a flood is the mechanism, checked here without measuring time: at most as many
     * logins as there are hashing slots run at once, one more may wait its turn, and every other login is answered 429
     * before React Router, a body parser, the database or argon2 see it (server/http/request-guards.ts). The logins let
     * in are held open, so no slot frees up while the burst arrives, whatever the machine's speed.
     *
     * Fails when: logins are not turned away on arrival (the hundred answers never come while the first ones are held,
     * and the wait times out), more logins are checked than slots + 1 (more 401s, more audited failures), a page is not
     * served while logins hold every slot, or the 429 lacks its Retry-After and message.
     */
    test("of 100 concurrent wrong logins, at most one per hashing slot and one waiting are checked, the rest get 429 at once; pages are served meanwhile", async () => {
      const failuresBefore = await loginFailures();
      const allowedIn = PASSWORD_HASHING_CONCURRENCY + 1;
      // 4 on the real account, 96 on unknown emails.
      const logins = Array.from({ length: 100 }, (_, i) => heldLogin(i, i % 25 === 0 ? ADMIN.email : `intruder-${i}@example.org`));
      const unanswered = () => logins.filter((login) => login.client.received() === "");
      await waitFor(async () => unanswered().length <= allowedIn, 60_000);

      // The logins let in hold every slot: the public pages are served all the same.
      const page = await fetch(`${burstServer.url}/`);
      await page.arrayBuffer();
      expect(page.status).toBe(200);

      await Promise.all(unanswered().map((login) => login.finish()));
      const answers = await Promise.all(logins.map((login) => login.client.closed));
      const counts: Record<string, number> = {};
      for (const answer of answers) counts[String(answer.statuses[0])] = (counts[String(answer.statuses[0])] ?? 0) + 1;
      expect(Object.keys(counts).sort(), JSON.stringify(counts)).toEqual(["401", "429"]);
      expect(counts["401"]).toBeLessThanOrEqual(allowedIn);
      // Each login checked is one argon2 verification and one audited failure; the turned-away ones cost neither.
      expect((await loginFailures()) - failuresBefore).toBe(counts["401"]);
      // A login turned away for the crowd says so, and when to come back.
      const turnedAway = answers.find((answer) => answer.statuses[0] === 429)!;
      expect(turnedAway.text).toMatch(/\r\nRetry-After: 5\r\n/i);
      expect(turnedAway.text).toContain('{"ok":false,"error":"Too many login attempts right now. Please try again in a moment."}');

      // And the admin gets in once the burst has passed.
      await clearRateLimits(burstServer);
      expect(await signIn(burstServer)).toMatch(/^session=/);
    }, 120_000);
  });
});
