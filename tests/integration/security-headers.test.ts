import fs from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { answerTestEngines } from "#tests/shared/test-database.ts";
import { expectInlineScriptsAllowedByHash } from "./helpers/csp";
import { seedAnnouncement } from "./helpers/seed";
import { siteOrigin, startTestServer, type TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";

/**
 * The headers every kind of answer carries, as a table: pages (public, admin, error) get the document headers;
 * files (photos, uploads) only those a file needs. DESIGN.md: an enforced CSP allowing each inline script by its hash,
 * HSTS behind HTTPS, nosniff, Referrer-Policy, frame-ancestors 'none', no-store on admin pages.
 */

type Kind = "page" | "redirect" | "file" | "plain-error";

interface Row {
  name: string;
  path: string | (() => string);
  method?: "GET" | "POST";
  signedIn?: boolean;
  status: number;
  kind: Kind;
  admin?: boolean;
  /** An error answer: its body must not reveal how the site is built. */
  error?: boolean;
  /** Rendered by the root error boundary. */
  errorPage?: boolean;
}

const ROWS: Row[] = [
  { name: "home", path: "/", status: 200, kind: "page" },
  { name: "announcements", path: "/announcement", status: 200, kind: "page" },
  { name: "events and activities", path: "/events-and-activities", status: 200, kind: "page" },
  { name: "explore", path: "/explore-smc", status: 200, kind: "page" },
  { name: "admin login (anonymous)", path: "/admin", status: 200, kind: "page", admin: true },
  { name: "admin panel (signed in)", path: "/admin", signedIn: true, status: 200, kind: "page", admin: true },
  { name: "admin announcements (signed in)", path: "/admin-announcement", signedIn: true, status: 200, kind: "page", admin: true },
  { name: "admin announcements (anonymous: to the login)", path: "/admin-announcement", status: 302, kind: "redirect", admin: true },
  { name: "an unknown address", path: "/no-such-page", status: 404, kind: "page", error: true, errorPage: true },
  // A write to a page without an action: React Router's 405, rendered by the root error boundary…
  { name: "a write to a page (error page)", path: "/explore-smc", method: "POST", status: 405, kind: "page", error: true, errorPage: true },
  // …or by the page's own boundary, which shows the error's text in a toast (SPEC: announcements).
  { name: "a write to the announcements page", path: "/announcement", method: "POST", status: 405, kind: "page", error: true },
  // A malformed escape in the path: Express's error handler, not React Router.
  { name: "a malformed address", path: "/%E0%A4%A", status: 400, kind: "plain-error", error: true },
];

const versionOf = (name: string): string =>
  (JSON.parse(fs.readFileSync(new URL(`../../node_modules/${name}/package.json`, import.meta.url), "utf8")) as { version: string }).version;
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The server software's versions (the page's inline CSS may name its CSS library; that says nothing about the server). */
const SERVER_VERSIONS = [versionOf("react-router"), versionOf("express"), versionOf("react"), process.versions.node];

/** Traces, file paths, framework names, versions or developer messages an error body must not carry. */
const REVEALING = [
  /\n\s+at\s/, // a stack frame
  /\.(?:[cm]?js|tsx?):\d+(?::\d+)?/, // file:line
  /node_modules/,
  new RegExp(escape(process.cwd())),
  /react[ -]router|remix|express|vite\b|node\.js/i,
  new RegExp(`(?<![\\d.])(?:${SERVER_VERSIONS.map(escape).join("|")})(?![\\d.])`),
  /You made a|did not provide|Unexpected Server Error/,
];

function checkPolicy(headers: Headers, where: string) {
  const csp = headers.get("content-security-policy");
  expect(csp, where).toBeTruthy();
  expect(headers.get("content-security-policy-report-only"), where).toBeNull();
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp!)?.[1] ?? "";
  expect(scriptSrc, where).toMatch(/^'self'( 'sha256-[\w+/]+=*')+$/);
  expect(scriptSrc, where).not.toContain("'unsafe-eval'");
  expect(scriptSrc, where).not.toMatch(/\*|https?:|data:/);
  expect(csp, where).toMatch(/(?:^|;)\s*default-src 'self'/);
  expect(csp, where).toMatch(/(?:^|;)\s*frame-ancestors 'none'/);
  expect(csp, where).toMatch(/(?:^|;)\s*object-src 'none'/);
  expect(csp, where).toMatch(/(?:^|;)\s*base-uri 'self'/);
}

function checkDocumentHeaders(headers: Headers, where: string) {
  expect(headers.get("x-frame-options"), where).toBe("DENY");
  expect(headers.get("referrer-policy"), where).toBe("strict-origin-when-cross-origin");
}

function checkCommonHeaders(headers: Headers, where: string) {
  expect(headers.get("x-content-type-options"), where).toBe("nosniff");
  expect(headers.get("x-powered-by"), where).toBeNull();
  expect(headers.get("server"), where).toBeNull();
  for (const [name, value] of headers) {
    if (name === "content-security-policy") continue; // names directives, not software
    expect(`${name}: ${value}`, where).not.toMatch(/express|react|remix|node\.?js|vite|\d+\.\d+\.\d+/i);
  }
  // Plain HTTP, no proxy: no HSTS (RFC 6797: never over an insecure transport).
  expect(headers.get("strict-transport-security"), where).toBeNull();
}

describe.each(answerTestEngines())("security headers on %s", (engine) => {
  const setup = useTestServer(engine, { signedIn: true });
  let server: TestServer;
  let cookie: string;
  let uploadPath: string;
  let photoPath: string;
  beforeAll(async () => {
    server = setup.server;
    const { image } = await seedAnnouncement(server, { description: "Headers check poster", createdAt: new Date().toISOString() });
    uploadPath = `/uploads/${image.variants.find((v) => v.format === "webp")!.key}`;
    const html = await (await fetch(`${server.url}/explore-smc`)).text();
    photoPath = /srcSet="(\/uploads\/content\/[^ "]+\.avif)/.exec(html)![1]!;
  });
  beforeEach(() => void (cookie = setup.cookie));

  const request = (row: Pick<Row, "path" | "method" | "signedIn">) =>
    fetch(`${server.url}${typeof row.path === "string" ? row.path : row.path()}`, {
      method: row.method ?? "GET",
      redirect: "manual",
      headers: {
        ...(row.signedIn ? { cookie } : {}),
        ...(row.method === "POST" ? { ...siteOrigin(server.publicUrl), "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: row.method === "POST" ? "a=1" : undefined,
    });

  test.each(ROWS)("$name: $status with the document headers", async (row) => {
    const first = await request(row);
    const where = `${row.method ?? "GET"} ${String(row.path)}`;
    expect(first.status, where).toBe(row.status);
    const body = await first.text();
    checkCommonHeaders(first.headers, where);

    if (row.kind === "page") {
      expect(first.headers.get("content-type"), where).toBe("text/html; charset=utf-8");
      checkDocumentHeaders(first.headers, where);
      checkPolicy(first.headers, where);
      // Every inline script runs by its hash, and nothing else inline does: the page needs no nonce.
      expectInlineScriptsAllowedByHash(body, first.headers.get("content-security-policy"), where);
      expect(body, where).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i); // no inline event handlers
    }
    if (row.kind === "redirect") {
      // A redirect carries no document, so no policy: only the headers every page gets.
      expect(first.headers.get("location"), where).toBe(`/admin?next=${encodeURIComponent(String(row.path))}`);
      checkDocumentHeaders(first.headers, where);
    }
    if (row.kind === "plain-error") {
      expect(first.headers.get("content-type"), where).toBe("text/plain; charset=utf-8");
      expect(body, where).toBe("Bad request");
    }
    if (row.admin) expect(first.headers.get("cache-control"), where).toBe("no-store");
    if (row.error) {
      for (const pattern of REVEALING) expect(body, `${where} body`).not.toMatch(pattern);
      if (row.errorPage) expect(body, where).toMatch(row.status === 404 ? /Page not found/ : /Something went wrong/);
    }
  });

  test("a write to a page through React Router's data endpoint reveals nothing either", async () => {
    const response = await fetch(`${server.url}/announcement.data`, {
      method: "DELETE",
      headers: siteOrigin(server.publicUrl),
      redirect: "manual",
    });
    expect(response.status).toBe(405);
    const body = await response.text();
    for (const pattern of REVEALING) expect(body).not.toMatch(pattern);
  });

  test.each([
    ["an uploaded image", () => uploadPath, /^image\/webp$/],
    ["a content photo", () => photoPath, /^image\/avif$/],
  ])("%s: its image type, nosniff, same-origin only, no page CSP of its own", async (_name, path, type) => {
    const response = await fetch(`${server.url}${path()}`);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    checkCommonHeaders(response.headers, path());
    expect(response.headers.get("content-type")).toMatch(type);
    expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
  });

  test("an uploaded file runs nothing even when opened on its own: a sandboxing policy", async () => {
    const response = await fetch(`${server.url}${uploadPath}`);
    await response.arrayBuffer();
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/(?:^|;)\s*default-src 'none'/);
    expect(csp).toMatch(/(?:^|;)\s*sandbox(?:;|$)/);
  });
});

/**
 * HSTS follows the transport, which is Express's logic and the same on both engines: SQLite only. With PUBLIC_URL on
 * https:// behind a trusted proxy, an answer to a request the proxy received over HTTPS carries HSTS; one that came
 * over plain HTTP does not. A site whose PUBLIC_URL is http:// never sends it, whatever a client claims.
 */
describe("HSTS behind HTTPS", () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
  });
  const start = async (env: Record<string, string>) => {
    const server = await startTestServer("sqlite", env);
    servers.push(server);
    return server;
  };
  const hsts = async (server: TestServer, path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}${path}`, { headers, redirect: "manual" });
    await response.arrayBuffer();
    return response.headers.get("strict-transport-security");
  };

  test("PUBLIC_URL on https behind a trusted proxy: HSTS over HTTPS only", async () => {
    // Pages cached as in production (test servers otherwise ask the database before every page, which keeps them off
    // the cached-page lane): a page's first answer of each kind comes from Express, the next from the lane.
    const server = await start({ PUBLIC_URL: "https://society.example.org", TRUST_PROXY: "loopback", PAGE_CACHE_SECONDS: "300" });
    for (const pass of ["first", "again"]) {
      for (const path of ["/", "/admin", "/no-such-page"]) {
        const context = `${path} (${pass})`;
        expect(await hsts(server, path, { "x-forwarded-proto": "https" }), context).toBe("max-age=31536000; includeSubDomains");
        expect(await hsts(server, path), context).toBeNull();
        expect(await hsts(server, path, { "x-forwarded-proto": "http" }), context).toBeNull();
      }
    }
  });

  test("PUBLIC_URL on http: never, even when a proxy says https", async () => {
    const server = await start({ TRUST_PROXY: "loopback" });
    expect(await hsts(server, "/", { "x-forwarded-proto": "https" })).toBeNull();
  });

  test("PUBLIC_URL on https with no trusted proxy: a client's X-Forwarded-Proto changes nothing, PUBLIC_URL decides", async () => {
    const server = await start({ PUBLIC_URL: "https://society.example.org" });
    expect(await hsts(server, "/")).toBe("max-age=31536000; includeSubDomains");
    expect(await hsts(server, "/", { "x-forwarded-proto": "http" })).toBe("max-age=31536000; includeSubDomains");
  });
});
