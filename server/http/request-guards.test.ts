import type { AddressInfo } from "node:net";
import http, { type Server } from "node:http";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { ADMIN_ACCESS_MESSAGES } from "#core/messages/admin-access.ts";
import { createLogger, type Logger } from "#server/logger.ts";
import { matchRoutes } from "react-router";
import {
  limitConcurrentLogins,
  limitRequestBodies,
  normalPaths,
  normalTarget,
  refuseCrossSiteWrites,
  routePath,
  uploadsInTurn,
} from "./request-guards";

/** A login that takes `LOGIN_MS` (as a hash would), behind the limiter; records when each one started and ended. */
const LOGIN_MS = 150;

describe("logins let through one at a time, paced", () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  async function start() {
    const runs: { start: number; end: number }[] = [];
    const app = express();
    app.use(limitConcurrentLogins((path) => path === "/admin/login", 1, createLogger("silent")));
    app.post("/contact", (_req, res) => {
      res.json({ ok: true });
    });
    // Whatever else is asked stands for the login's action, as React Router runs it for any spelling of its path.
    app.use(async (_req, res) => {
      const run = { start: performance.now(), end: 0 };
      await new Promise((resolve) => setTimeout(resolve, LOGIN_MS));
      run.end = performance.now();
      runs.push(run);
      res.json({ ok: true });
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server!.once("listening", resolve));
    const url = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
    const login = async (spelling = { method: "POST", path: "/admin/login" }) => {
      const response = await fetch(`${url}${spelling.path}`, { method: spelling.method, body: "email=a&password=b" });
      return { status: response.status, retryAfter: response.headers.get("retry-after"), body: (await response.json()) as unknown };
    };
    return { url, runs, login };
  }

  test("of ten at once, one runs and one waits its turn; the others get 429 with Retry-After at once", async () => {
    const { runs, login } = await start();
    const answers = await Promise.all(Array.from({ length: 10 }, () => login()));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(8);
    expect(refused[0]).toEqual({ status: 429, retryAfter: "5", body: { ok: false, error: ADMIN_ACCESS_MESSAGES.loginBusy } });
    // Never two at once, and the second started no sooner than the first took, after it ended.
    const [first, second] = [...runs].sort((a, b) => a.start - b.start);
    expect(second!.start).toBeGreaterThanOrEqual(first!.end + (first!.end - first!.start) - 2);
  });

  test("any write to any spelling of the login's path is held the same: other methods, case, a trailing slash, escapes, .data", async () => {
    const { login } = await start();
    const spellings = [
      { method: "PUT", path: "/admin/login" },
      { method: "DELETE", path: "/admin/login" },
      { method: "POST", path: "/Admin/LOGIN" },
      { method: "POST", path: "/admin/login/" },
      { method: "POST", path: "/%61dmin/login" },
      { method: "POST", path: "/admin/login.data" },
      { method: "PATCH", path: "/ADMIN/login//" },
      { method: "POST", path: "/admin/login/_.data" },
      { method: "POST", path: "/admin/login" },
      { method: "POST", path: "/admin/Login" },
    ];
    const answers = await Promise.all(spellings.map(login));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(8);
  });

  test("logins one after another all get through, each waiting out the pause", async () => {
    const { login } = await start();
    for (let i = 0; i < 4; i++) expect((await login()).status).toBe(200);
  });

  test("other paths are not held", async () => {
    const { url, login } = await start();
    const busy = Promise.all(Array.from({ length: 3 }, () => login()));
    const started = performance.now();
    expect((await fetch(`${url}/contact`, { method: "POST", body: "x" })).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(LOGIN_MS);
    await busy;
  });
});

describe("a refusal answers a script in JSON and a form posted without JavaScript in plain text", () => {
  async function post(headers: Record<string, string>) {
    const app = express();
    app.use(limitRequestBodies(() => undefined, 10, createLogger("silent")));
    app.post("/contact", (_req, res) => {
      res.json({ ok: true });
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/contact`;
      const response = await fetch(url, { method: "POST", headers, body: "message=longer than ten bytes" });
      return { status: response.status, type: response.headers.get("content-type"), body: await response.text() };
    } finally {
      server.close();
    }
  }

  test("a browser's form post (Accept prefers text/html) gets the message as text", async () => {
    const answer = await post({ accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" });
    expect(answer).toEqual({ status: 413, type: "text/plain; charset=utf-8", body: "The request is too large (at most 0 KB)" });
  });

  test("a fetch (Accept */*) or a JSON client gets { error }", async () => {
    for (const accept of ["*/*", "application/json"]) {
      const answer = await post({ accept });
      expect(answer.status).toBe(413);
      expect(answer.type).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body)).toEqual({ error: "The request is too large (at most 0 KB)" });
    }
  });
});

describe("a write passes only when the browser says it comes from PUBLIC_URL's origin", () => {
  const PUBLIC_URL = "https://society.example.org/";
  const logged: Record<string, unknown>[] = [];
  let server: Server;
  let port: number;
  beforeAll(async () => {
    const logger = { warn: (fields: Record<string, unknown>) => logged.push(fields) } as unknown as Logger;
    const app = express();
    app.use(refuseCrossSiteWrites([new URL(PUBLIC_URL).origin], logger));
    app.use((_req, res) => {
      res.json({ ok: true });
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  /** A request with exactly these headers (Host included: fetch would not send another one), and a form's body if it is a write. */
  function send(method: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
    const body = ["GET", "HEAD", "OPTIONS"].includes(method) ? "" : "visible=false";
    return new Promise((resolve, reject) => {
      const request = http.request({
        host: "127.0.0.1",
        port,
        method,
        path: "/admin/join-us",
        headers: { accept: "*/*", "content-length": String(body.length), ...headers },
      });
      request.on("response", (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.on("error", reject);
      request.end(body);
    });
  }
  const post = (headers: Record<string, string>) => send("POST", { host: "society.example.org", ...headers });

  test.each([
    ["PUBLIC_URL's origin", { origin: "https://society.example.org" }],
    ["PUBLIC_URL's origin, same-origin by Fetch Metadata too", { origin: "https://society.example.org", "sec-fetch-site": "same-origin" }],
    [
      "PUBLIC_URL's origin, a request the person started (a form posted again on reload)",
      { origin: "https://society.example.org", "sec-fetch-site": "none" },
    ],
    ["no Origin, Sec-Fetch-Site: same-origin", { "sec-fetch-site": "same-origin" }],
  ])("passes: %s", async (_name, headers) => {
    expect(await post(headers)).toEqual({ status: 200, body: '{"ok":true}' });
  });

  test.each([
    ["another site's Origin", { origin: "https://evil.example" }],
    ["PUBLIC_URL's host on another scheme", { origin: "http://society.example.org" }],
    ["PUBLIC_URL's host on another port", { origin: "https://society.example.org:8443" }],
    ["a sibling on the same site", { origin: "https://evil.society.example.org" }],
    ["Origin: null", { origin: "null" }],
    ["Origin: null, Sec-Fetch-Site: same-origin", { origin: "null", "sec-fetch-site": "same-origin" }],
    ["PUBLIC_URL's origin, but Sec-Fetch-Site: cross-site", { origin: "https://society.example.org", "sec-fetch-site": "cross-site" }],
    ["no Origin, Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
    ["no Origin, Sec-Fetch-Site: same-site", { "sec-fetch-site": "same-site" }],
    ["no Origin, Sec-Fetch-Site: none", { "sec-fetch-site": "none" }],
    ["neither Origin nor Sec-Fetch-Site", {}],
  ])("refused with 403: %s", async (_name, headers) => {
    expect(await post(headers)).toEqual({ status: 403, body: '{"error":"Cross-site request refused"}' });
  });

  test("an Origin equal to the request's own Host is refused (a DNS name rebound to this server): only PUBLIC_URL counts", async () => {
    const rebound = `rebound.attacker.example:${port}`;
    expect(await send("POST", { host: rebound, origin: `http://${rebound}` })).toEqual({
      status: 403,
      body: '{"error":"Cross-site request refused"}',
    });
    expect(await send("POST", { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` })).toMatchObject({ status: 403 });
  });

  test("every write method is checked; reads (GET, HEAD, OPTIONS) pass without either header", async () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) expect((await send(method, {})).status, method).toBe(403);
    for (const method of ["GET", "HEAD", "OPTIONS"]) expect((await send(method, {})).status, method).toBe(200);
  });

  test("each refusal is one security event naming the request and what it carried", async () => {
    logged.length = 0;
    await post({});
    await post({ origin: "https://evil.example", "sec-fetch-site": "cross-site" });
    expect(logged).toEqual([
      { event: "request.cross-site-refused", method: "POST", path: "/admin/join-us", origin: "", fetchSite: "" },
      {
        event: "request.cross-site-refused",
        method: "POST",
        path: "/admin/join-us",
        origin: "https://evil.example",
        fetchSite: "cross-site",
      },
    ]);
  });
});

describe("uploads let through a few at a time, the others waiting with their bodies unread", () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  /** Each upload is held until the test lets it finish; `inside` counts those being handled. */
  async function start() {
    const state = { inside: 0, most: 0, handled: 0, release: [] as (() => void)[] };
    const app = express();
    app.use(uploadsInTurn((path) => (path === "/upload" ? 1024 : undefined), 2));
    app.post("/upload", async (req, res) => {
      state.inside += 1;
      state.most = Math.max(state.most, state.inside);
      for await (const _chunk of req); // the body is read only once in turn
      await new Promise<void>((resolve) => state.release.push(resolve));
      state.inside -= 1;
      state.handled += 1;
      res.json({ ok: true });
    });
    app.post("/other", (_req, res) => {
      res.json({ ok: true });
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server!.once("listening", resolve));
    const url = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
    return { url, state };
  }

  const until = async (condition: () => boolean) => {
    while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
  };

  test("of five at once, two are handled at a time and all are answered; other paths pass by", async () => {
    const { url, state } = await start();
    const uploads = Array.from({ length: 5 }, () => fetch(`${url}/upload`, { method: "POST", body: "photo" }));
    await until(() => state.inside === 2);
    expect((await fetch(`${url}/other`, { method: "POST", body: "x" })).status).toBe(200);
    for (let released = 0; released < 5; released++) {
      await until(() => state.release.length > 0);
      state.release.shift()!();
    }
    expect((await Promise.all(uploads)).map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(state.most).toBe(2);
  });

  test("an upload whose client went away while it waited gives its turn back", async () => {
    const { url, state } = await start();
    const held = [1, 2].map(() => fetch(`${url}/upload`, { method: "POST", body: "photo" }));
    await until(() => state.inside === 2);
    const abandoned = new AbortController();
    const gone = fetch(`${url}/upload`, { method: "POST", body: "photo", signal: abandoned.signal }).catch(() => "aborted");
    abandoned.abort();
    expect(await gone).toBe("aborted");
    for (const release of state.release.splice(0)) release();
    await Promise.all(held);
    // Both slots are free again: two more are handled at once.
    const next = [1, 2].map(() => fetch(`${url}/upload`, { method: "POST", body: "photo" }));
    await until(() => state.inside === 2);
    for (const release of state.release.splice(0)) release();
    expect((await Promise.all(next)).map((answer) => answer.status)).toEqual([200, 200]);
    expect(state.handled).toBe(4);
  });
});

describe("routePath", () => {
  test("spells a path the way React Router matches it: decoded segment by segment, letters in any case, without trailing slashes or .data", () => {
    for (const path of [
      "/admin/login",
      "/Admin/Login",
      "/admin/login/",
      "/%61dmin/login",
      "/admin/login.data",
      "/admin/login/_.data",
      "/ADMIN/LOGIN//",
    ]) {
      expect(routePath(path), path).toBe("/admin/login");
    }
    expect(routePath("/_.data")).toBe("/");
    expect(routePath("/")).toBe("/");
    // An encoded slash stays inside its segment, as React Router keeps it: one segment "admin%2Flogin", no route.
    expect(routePath("/admin%2Flogin")).toBe("/admin%2flogin");
    // A malformed escape leaves the path as sent (React Router matches it undecoded too).
    expect(routePath("/%E0%A4%A")).toBe("/%e0%a4%a");
    // Only ASCII letters fold: React Router's case-insensitive matching (no `u` flag) takes no other letter for an ASCII one.
    expect(routePath("/adm\u0130n/\u212Aey")).toBe("/adm\u0130n/\u212Aey");
  });

  /** A route tree shaped as the site's (a root layout with path "", its pages below): React Router's own matcher. */
  const routes = [
    {
      id: "root",
      path: "",
      children: [
        { id: "home", index: true },
        { id: "login", path: "admin/login" },
        { id: "panel", path: "admin" },
        { id: "request", path: "admin/requests/:id" },
      ],
    },
  ];
  const routeOf = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route.id;

  test.each([
    "/admin/login",
    "/Admin/LOGIN",
    "/admin/login/",
    "/admin/login//",
    "/%61dmin/%4C%4Fgin",
    "/admin%2Flogin",
    "/admin%2flogin",
    "/admin/login%2F",
    "/adm%C4%B0n/login",
    "/admın/login",
    "/admin/login%20",
    "/admin/log%69n/",
    "/%E0%A4%A/admin/login",
    "/admin/requests/abc%2Fdef",
    "/Admin/Requests/ABC/",
    "/admin",
    "/ADMIN/",
    "/",
  ])("%s: routePath names the route React Router's matcher finds", (path) => {
    const byRule =
      { "/admin/login": "login", "/admin": "panel", "/": "home" }[routePath(path)] ??
      (/^\/admin\/requests\/[^/]+$/.test(routePath(path)) ? "request" : undefined);
    expect(byRule, routePath(path)).toBe(routeOf(path));
  });
});

describe("normal paths", () => {
  test.each([
    ["/admin/./login", "/admin/login"],
    ["/admin/%2e/login", "/admin/login"],
    ["/admin/%2E/login", "/admin/login"],
    ["/admin/x/../login", "/admin/login"],
    ["/admin/x/%2e%2E/login", "/admin/login"],
    ["/admin/x/.%2e/login", "/admin/login"],
    ["/x/../../admin/login", "/admin/login"],
    ["/admin//login", "/admin/login"],
    ["//admin/login", "/admin/login"],
    ["/admin\\login", "/admin/login"],
    ["/\\evil.example/x", "/evil.example/x"],
    ["/admin/login/.", "/admin/login/"],
    ["/admin/login/..", "/admin/"],
    ["/.", "/"],
    ['/a"b', "/a%22b"],
    ["/a#b", "/a"],
  ])("%s is spelt %s once normal", (target, path) => {
    expect(normalTarget(target)?.path).toBe(path);
  });

  test.each([
    "/admin/login",
    "/Admin/LOGIN/",
    "/%61dmin/login",
    "/admin%2Flogin",
    "/admin/login.data",
    "/admin/login/_.data",
    "/admin/login%2e",
    "/a..b/.c/d.",
  ])("%s is already normal", (target) => {
    expect(normalTarget(target)?.path).toBe(target);
  });

  test("the query string is kept, and a target that is not a path has no normal form", () => {
    expect(normalTarget("/x/../contact?a=1&b=/../c")).toEqual({ path: "/contact", search: "?a=1&b=/../c" });
    expect(normalTarget("http://example.org/admin/login")).toBeUndefined();
    expect(normalTarget("*")).toBeUndefined();
  });

  /** A request with exactly this target (fetch would resolve its dot segments before sending it). */
  function send(port: number, method: string, target: string, body = ""): Promise<{ status: number; location?: string; text: string }> {
    return new Promise((resolve, reject) => {
      const request = http.request({
        host: "127.0.0.1",
        port,
        method,
        path: target,
        headers: { accept: "*/*", "content-length": String(body.length) },
      });
      request.on("response", (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, location: response.headers.location, text }));
      });
      request.on("error", reject);
      request.end(body);
    });
  }

  test("a read of a path not in its normal form is sent there with 308; a write is refused with 400; a normal path passes", async () => {
    const app = express();
    app.use(normalPaths);
    app.use((req, res) => {
      res.json({ reached: req.path });
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      expect(await send(port, "GET", "/./admin/accounts?tab=x")).toMatchObject({ status: 308, location: "/admin/accounts?tab=x" });
      expect(await send(port, "HEAD", "/%2e/admin/accounts")).toMatchObject({ status: 308, location: "/admin/accounts" });
      expect(await send(port, "GET", "//admin")).toMatchObject({ status: 308, location: "/admin" });
      expect(await send(port, "GET", "/\\evil.example")).toMatchObject({ status: 308, location: "/evil.example" });
      for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
        const answer = await send(port, method, "/admin/x/../login", "email=a&password=b");
        expect(answer.status, method).toBe(400);
        expect(answer.text, method).not.toContain("reached");
      }
      expect((await send(port, "POST", "//admin/login", "x")).status).toBe(400);
      expect((await send(port, "GET", "http://example.org/admin/accounts")).status).toBe(400);
      for (const target of ["/Admin/Accounts/", "/%61dmin/login", "/admin/login.data", "/"]) {
        expect(await send(port, "POST", target, "x"), target).toEqual({
          status: 200,
          location: undefined,
          text: JSON.stringify({ reached: target }),
        });
      }
    } finally {
      server.close();
    }
  });
});
