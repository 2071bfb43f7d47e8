/**
 * The public pages are rendered once per content version and cached for every anonymous visitor
 * (server/http/page-cache.ts). What a visitor must still get: the page's own policy, a 304 on a repeat visit, and
 * what the admin changes at once; a change made by another instance sharing the database shows within
 * PAGE_CACHE_SECONDS.
 */
import http from "node:http";
import net from "node:net";
import zlib from "node:zlib";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { testEngines } from "#tests/shared/test-database.ts";
import { settingsRepo } from "#server/repos/settings.ts";
import { imageForm, post, postToPage } from "./helpers/admin";
import { expectInlineScriptsAllowedByHash } from "./helpers/csp";
import { waitFor } from "./helpers/forms";
import { sampleJpeg, seedAnnouncement } from "./helpers/seed";
import type { TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";

/** The spec's public pages and one event's own page (Med Doc's, from the starting content). */
const PAGES = ["/", "/announcement", "/events-and-activities", "/explore-smc", "/events-and-activities/med-doc"];

const get = (server: TestServer, path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { redirect: "manual", headers });

/**
 * A GET with exactly these headers, as a browser sends them, and the bytes as they travelled (not decompressed):
 * fetch adds `Cache-Control: no-cache` to a conditional request (which asks for a full answer), will not send a Host
 * header of the caller's choosing, and decompresses.
 */
function rawBytes(
  server: TestServer,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.url}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.end();
  });
}

async function rawGet(server: TestServer, path: string, headers: Record<string, string>) {
  const answer = await rawBytes(server, path, headers);
  return { ...answer, body: answer.body.toString() };
}

/**
 * Asks for a path of its own and waits until the server has logged it. Request lines are written as answers finish,
 * in order, through one pipe: once this one is in the output, so is every line of a request answered before it.
 */
async function logBarrier(server: TestServer, name: string): Promise<void> {
  const path = `/log-barrier-${name}`;
  await (await fetch(`${server.url}${path}`)).arrayBuffer();
  await waitFor(async () => server.output().includes(`"path":"${path}"`));
}

describe.each(testEngines())("cached public pages on %s", (engine) => {
  // Pages are checked against the database only every 5 minutes: whatever shows sooner was invalidated by the write.
  const setup = useTestServer(engine, { signedIn: true, env: { PAGE_CACHE_SECONDS: "300" } });
  let server: TestServer;
  let cookie: string;
  beforeEach(() => void ({ server, cookie } = setup));

  test.each(PAGES)(
    "%s: every visitor gets the same bytes: the page, its policy with its inline scripts' hashes, its ETag",
    async (path) => {
      const first = await get(server, path);
      const second = await get(server, path);
      const html = await first.text();
      expect(await second.text()).toBe(html);
      const csp = first.headers.get("content-security-policy");
      expectInlineScriptsAllowedByHash(html, csp);
      expect(second.headers.get("content-security-policy")).toBe(csp);
      expect(first.headers.get("etag")).toMatch(/^"[\w-]{27}"$/);
      expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    },
  );

  test.each(PAGES)("%s: a CDN may keep it briefly, a browser asks again and gets 304 Not Modified", async (path) => {
    const first = await get(server, path);
    await first.arrayBuffer();
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=60");
    const etag = first.headers.get("etag")!;
    const again = await rawGet(server, path, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);
    // The cached page and the 304 name the same policy: the browser's stored page keeps running its scripts.
    expect(again.headers["content-security-policy"]).toBe(first.headers.get("content-security-policy"));
    expect((await rawGet(server, path, { "if-none-match": '"something-else"' })).status).toBe(200);
  });

  test.each(PAGES)("%s: compressed once when cached: brotli for a browser, gzip for a client that takes only gzip", async (path) => {
    const plain = await rawBytes(server, path, {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const brotli = await rawBytes(server, path, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(brotli.headers["content-length"])).toBe(brotli.body.length);
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(plain.body.toString());
    const gzipped = await rawBytes(server, path, { "accept-encoding": "gzip" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzipped.body).toString()).toBe(plain.body.toString()); // checks gzip's CRC-32 and length too
    expect(brotli.body.length).toBeLessThan(plain.body.length / 3);
  });

  test.each(PAGES)("%s: a cached page goes out with the same headers as a page React Router renders for the request", async (path) => {
    // A query string takes a page past the cache, through every middleware to React Router.
    const cached = await rawBytes(server, path, {});
    const rendered = await rawBytes(server, `${path}?fresh=1`, {});
    expect(rendered.headers.etag).toBeUndefined(); // really rendered, not cached
    const perResponse = new Set([
      "date",
      "etag",
      "cache-control",
      "content-length",
      "transfer-encoding",
      "connection",
      "keep-alive",
      "vary",
    ]);
    const comparable = (headers: http.IncomingHttpHeaders) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => !perResponse.has(name)));
    expect(comparable(cached.headers)).toEqual(comparable(rendered.headers));
    expect(cached.headers["content-security-policy"]).toMatch(/'sha256-/);
  });

  test("once Express has sent a page, the cached-page lane sends the same bytes: every header in order and spelling, the body, the 304", async () => {
    /** One request over a socket of its own, the answer's bytes as they arrived, without its Date line. */
    const exchange = (path: string, headers: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(new URL(server.url).port), "127.0.0.1");
        const chunks: Buffer[] = [];
        socket.on("data", (chunk: Buffer) => chunks.push(chunk));
        socket.on("end", () =>
          resolve(
            Buffer.concat(chunks)
              .toString("latin1")
              .replace(/^Date: .*\r\n/m, ""),
          ),
        );
        socket.on("error", reject);
        socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Connection: close\r\n\r\n`);
      });
    const path = "/announcement";
    // A change to what the page shows makes it a new page: its first answer is Express's, which the lane then repeats.
    expect((await post(server, "/admin/join-us", { visible: "false" }, { cookie })).status).toBe(200);
    let fromExpress: string, fromLane: string, notModified: string;
    try {
      fromExpress = await exchange(path, "Accept-Encoding: gzip, deflate, br, zstd\r\n");
      fromLane = await exchange(path, "Accept-Encoding: gzip, deflate, br, zstd\r\n");
      const etag = /\r\nETag: ("[^"]+")\r\n/.exec(fromExpress)![1]!;
      notModified = await exchange(path, `If-None-Match: ${etag}\r\n`);
    } finally {
      expect((await post(server, "/admin/join-us", { visible: "true" }, { cookie })).status).toBe(200);
    }
    expect(fromExpress).toMatch(/^HTTP\/1.1 200 OK\r\nX-Content-Type-Options: nosniff\r\n[\s\S]*\r\nContent-Encoding: br\r\n/);
    expect(fromLane).toBe(fromExpress);
    expect(notModified).toMatch(/^HTTP\/1.1 304 Not Modified\r\n/);
    expect(notModified.split("\r\n\r\n")[1]).toBe("");
    for (const header of ["Content-Security-Policy", "ETag", "Cache-Control", "Vary", "X-Frame-Options"]) {
      expect(notModified).toContain(fromExpress.match(new RegExp(`\r\n${header}: [^\r]*`, "i"))![0]);
    }
  });

  test("a client that takes neither brotli nor gzip gets the page uncompressed", async () => {
    const answer = await rawBytes(server, "/explore-smc", { "accept-encoding": "br;q=0, gzip;q=0" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.body.toString()).toContain("Explore SMC");
  });

  test("each cached page answered is logged once, as every request is: method, path, status, time, its own id", async () => {
    const path = "/explore-smc";
    const lines = () =>
      server
        .output()
        .split("\n")
        .filter((line) => line.includes('"msg":"request"') && line.includes(`"path":"${path}"`))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    // Lines travel through a pipe: count from a line logged after those of earlier tests.
    await logBarrier(server, "before");
    const before = lines().length;
    const first = await get(server, path);
    await first.arrayBuffer();
    await (
      await rawBytes(server, path, { "if-none-match": first.headers.get("etag")! })
    ).body;
    await (await fetch(`${server.url}${path}`, { method: "HEAD" })).arrayBuffer();
    await logBarrier(server, "after");
    const logged = lines().slice(before);
    expect(logged.map(({ method, status }) => [method, status])).toEqual([
      ["GET", 200],
      ["GET", 304],
      ["HEAD", 200],
    ]);
    for (const line of logged) {
      expect(Object.keys(line).sort()).toEqual(["level", "method", "ms", "msg", "path", "requestId", "status", "time"]);
      expect(line.ms).toEqual(expect.any(Number));
    }
    expect(new Set(logged.map((line) => line.requestId)).size).toBe(3);
  });

  test("HEAD answers with the page's headers and no body", async () => {
    const response = await fetch(`${server.url}/announcement`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toBe("");
  });

  test("an announcement the admin creates shows at once, and is gone at once when deleted", async () => {
    const before = await (await get(server, "/announcement")).text();
    const beforeEtag = (await get(server, "/announcement")).headers.get("etag");
    const created = await post(
      server,
      "/admin/announcements",
      imageForm({
        files: [{ body: await sampleJpeg(), name: "poster.jpg", type: "image/jpeg" }],
        description: "Blood drive on Friday in hall 3",
        url: "https://forms.example.org/blood",
      }),
      { cookie },
    );
    expect(created.status).toBe(200);
    const after = await get(server, "/announcement");
    expect(after.headers.get("etag")).not.toBe(beforeEtag);
    const html = await after.text();
    expect(before).not.toContain("Blood drive on Friday in hall 3");
    expect(html).toContain("Blood drive on Friday in hall 3");

    const { id } = await server.database.db
      .selectFrom("announcements")
      .select("id")
      .where("description", "=", "Blood drive on Friday in hall 3")
      .executeTakeFirstOrThrow();
    expect((await postToPage(server, "/admin-announcement", { intent: "delete", id }, { cookie })).status).toBe(200);
    expect(await (await get(server, "/announcement")).text()).not.toContain("Blood drive on Friday in hall 3");
  });

  test("the Join Us switch shows at once: in the home page's menu, and in every page's data", async () => {
    const joinUs = async (path: string) => {
      const html = await (await get(server, path)).text();
      return { link: html.includes(">Join Us<"), data: routeDataValue(html, "joinUsVisible") };
    };
    for (const path of PAGES) expect((await joinUs(path)).data, path).toBe("true");
    expect(await joinUs("/")).toEqual({ link: true, data: "true" });
    expect((await post(server, "/admin/join-us", { visible: "false" }, { cookie })).status).toBe(200);
    try {
      for (const path of PAGES) expect((await joinUs(path)).data, path).toBe("false");
      expect(await joinUs("/")).toEqual({ link: false, data: "false" });
    } finally {
      expect((await post(server, "/admin/join-us", { visible: "true" }, { cookie })).status).toBe(200);
    }
    expect(await joinUs("/")).toEqual({ link: true, data: "true" });
  });

  test("a forged Host header never reaches a page, neither the one it asked for nor the next visitor's", async () => {
    for (const path of PAGES) {
      const forged = await rawGet(server, path, { host: "evil.example" });
      expect(forged.status).toBe(200);
      expect(forged.body).not.toContain("evil.example");
      expect(await (await get(server, path)).text()).not.toContain("evil.example");
    }
  });

  test("a query string is answered by a fresh render, which is not cached", async () => {
    const cached = await get(server, "/");
    const fresh = await get(server, "/?utm_source=whatsapp");
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("etag")).toBeNull();
    expect(await fresh.text()).toContain("Contact Us");
    expect((await get(server, "/")).headers.get("etag")).toBe(cached.headers.get("etag"));
  });
});

describe.each(testEngines())("a change made by another instance on %s", (engine) => {
  const setup = useTestServer(engine, { env: { PAGE_CACHE_SECONDS: "1" } });
  let server: TestServer;
  beforeAll(() => void (server = setup.server));

  /**
   * That the version is read again no later than the interval is checked with a fake clock in
   * server/http/page-cache.test.ts; here, that the setting reaches the cache and the version covers what another
   * instance writes. Fails when the change never shows (an interval of 300 s instead of 1 would time the wait out).
   */
  test("shows within PAGE_CACHE_SECONDS", async () => {
    expect(await (await get(server, "/announcement")).text()).toContain("No announcement available.");
    await seedAnnouncement(server, { description: "Written by the other instance", createdAt: new Date().toISOString() });
    await waitFor(async () => (await (await get(server, "/announcement")).text()).includes("Written by the other instance"), 30_000);

    await settingsRepo(server.database.db).setJoinUsVisible(false);
    await waitFor(async () => !(await (await get(server, "/")).text()).includes(">Join Us<"), 30_000);
  });
});

/**
 * A value of the route data a page carries for React Router's hydration, by its key, as text ("true"): the data is a
 * turbo-stream, a flat array where an object maps each key's index to its value's index, and a value seen before (a
 * second `true`) is a reference to the first.
 */
function routeDataValue(html: string, key: string): string | undefined {
  const payload = /streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/.exec(html)?.[1];
  if (!payload) return undefined;
  const flat = JSON.parse(JSON.parse(payload) as string) as unknown[];
  const keyIndex = flat.indexOf(key);
  const holder = flat.find(
    (entry): entry is Record<string, number> => typeof entry === "object" && entry !== null && `_${keyIndex}` in entry,
  );
  return holder ? String(flat[holder[`_${keyIndex}`]!]) : undefined;
}
