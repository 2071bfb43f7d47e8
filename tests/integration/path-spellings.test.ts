import http from "node:http";
import { beforeEach, describe, expect, test } from "vitest";
import { FORM_MAX_BYTES } from "#core/schemas/limits.ts";
import { PASSWORD_HASHING_CONCURRENCY } from "#server/auth/password.server.ts";

import { settingsRepo } from "#server/repos/settings.ts";
import { post } from "./helpers/admin";
import { waitFor } from "./helpers/forms";
import { rememberSecret } from "./helpers/log-secrets";
import { siteOrigin, type TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";

import { PATH_NOT_NORMAL } from "#core/messages/common.ts";
/**
 * Every spelling of a URL meets the same guards. Express's path rules read a path as it is sent, while React Router
 * runs the route the WHATWG URL parser makes of it (`.` and `..` resolved, `%2e` spellings too, `\` read as `/`), so
 * `/admin/./login` reached the login past its gate, and `/./admin/accounts` answered an Owner's page without no-store.
 * Each guard below is tried under each spelling of the path it guards: a spelling that is not the path's normal form is
 * sent there (308) when read and refused (400) when written, before any guard or React Router; one that is (letters
 * in any case) meets the guard.
 *
 * Fails when: a spelling reaches React Router past a guard (the login's gate lets more logins be checked than it has
 * slots, an Owner's page goes out without no-store, a body over its route's cap is read, a write leaves the cached pages
 * showing what the database no longer says, a read of a post-only route is not answered 405).
 *
 * All of this happens in Express in front of the database, so it runs on SQLite only.
 */

interface Spelling {
  name: string;
  /** `/admin/login` written this way. */
  spell(path: string): string;
  /** Whether it is the path's normal form (so it meets the guard rather than the normaliser). */
  normal?: boolean;
  /** The normal form a read is sent to, when it is not `path` itself. */
  normalForm?(path: string): string;
}

/** The body caps' refusal of a form's body. */
const TOO_LARGE = `The request is too large (at most ${FORM_MAX_BYTES / 1024} KB)`;

const SPELLINGS: Spelling[] = [
  { name: "/./ first", spell: (path) => `/.${path}` },
  { name: "/%2e/ first", spell: (path) => `/%2e${path}` },
  { name: "/%2E/ inside", spell: (path) => path.replace(/\/(?=[^/]*$)/, "/%2E/") },
  { name: "/./ inside", spell: (path) => path.replace(/\/(?=[^/]*$)/, "/./") },
  { name: "x/../ first", spell: (path) => `/x/..${path}` },
  { name: "x/%2e%2e/ first", spell: (path) => `/x/%2e%2e${path}` },
  { name: "/x/.. last", spell: (path) => `${path}/x/..`, normalForm: (path) => `${path}/` },
  { name: "// first", spell: (path) => `/${path}` },
  { name: "// inside", spell: (path) => path.replace(/\/(?=[^/]*$)/, "//") },
  { name: "\\ inside", spell: (path) => path.replace(/\/(?=[^/]*$)/, "\\") },
  { name: "mixed case", spell: (path) => path.replace(/\b[a-z]/g, (letter) => letter.toUpperCase()), normal: true },
];

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * A request with exactly this target (fetch resolves dot segments before it sends anything). With `hold`, all of the
 * body but its last byte is sent: a request the server lets through waits for the rest (`finish`), one it refuses is
 * answered at once.
 */
function rawRequest(
  server: TestServer,
  method: string,
  target: string,
  { headers = {}, body = "", hold = false }: { headers?: Record<string, string>; body?: string; hold?: boolean } = {},
) {
  let answered = false;
  const request = http.request(server.url, {
    method,
    path: target,
    agent: false,
    headers: {
      accept: "*/*",
      ...(method === "GET" || method === "HEAD" ? {} : siteOrigin(server.publicUrl)),
      ...(body ? { "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(body)) } : {}),
      ...headers,
    },
  });
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    request.on("response", (response) => {
      answered = true;
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    request.on("error", (error) => (answered ? undefined : reject(error)));
  });
  if (hold) request.write(body.slice(0, -1));
  else request.end(body);
  return { answer, answered: () => answered, finish: () => request.end(body.slice(-1)) };
}

const send = (server: TestServer, method: string, target: string, options: Parameters<typeof rawRequest>[3] = {}) =>
  rawRequest(server, method, target, options).answer;

/** What a spelling that is not normal gets: a read is sent to the normal form, a write is refused, before anything else. */
function expectSentToNormalForm(answer: RawAnswer, spelling: Spelling, path: string, method: string) {
  if (method === "GET" || method === "HEAD") {
    expect({ status: answer.status, location: answer.headers.location }, spelling.name).toEqual({
      status: 308,
      location: spelling.normalForm?.(path) ?? path,
    });
  } else {
    expect({ status: answer.status, body: answer.text }, spelling.name).toEqual({
      status: 400,
      body: JSON.stringify({ error: PATH_NOT_NORMAL }),
    });
  }
}

describe("every spelling of a path meets its guards", () => {
  // Pages are checked against the database only every 5 minutes: a page that shows a change was cleared by the write.
  const setup = useTestServer("sqlite", { signedIn: true, env: { TRUST_PROXY: "loopback", PAGE_CACHE_SECONDS: "300" } });
  let server: TestServer;
  let cookie: string;
  beforeEach(() => void ({ server, cookie } = setup));

  let guess = 0;
  test.each(SPELLINGS)("the login's gate ($name): of 20 logins at once, no more are checked than it has slots", async (spelling) => {
    const allowedIn = PASSWORD_HASHING_CONCURRENCY + 1;
    const logins = Array.from({ length: 20 }, () => {
      guess += 1;
      const password = `guess number ${guess}`;
      rememberSecret(password);
      // Unknown emails from addresses of their own: only the gate stands between them and a password check.
      return rawRequest(server, "POST", spelling.spell("/admin/login"), {
        body: new URLSearchParams({ email: `intruder-${guess}@example.org`, password }).toString(),
        headers: { "x-forwarded-for": `10.99.${guess >> 8}.${guess & 255}` },
        hold: true,
      });
    });
    // The logins let in hold their slots until their bodies end; every other one is answered on arrival.
    await waitFor(async () => logins.filter((login) => !login.answered()).length <= allowedIn);
    for (const login of logins) login.finish();
    const answers = await Promise.all(logins.map((login) => login.answer));
    const checked = answers.filter((answer) => answer.status === 401);
    expect(checked.length).toBeLessThanOrEqual(allowedIn);
    if (!spelling.normal) for (const answer of answers) expectSentToNormalForm(answer, spelling, "/admin/login", "POST");
  });

  test.each(SPELLINGS)("no-store ($name): an Owner's page is never answered without it", async (spelling) => {
    for (const method of ["GET", "HEAD"]) {
      const answer = await send(server, method, spelling.spell("/admin/accounts"), { headers: { cookie } });
      if (answer.status !== 308) expect(answer.headers["cache-control"], `${method} ${answer.status}`).toBe("no-store");
      if (!spelling.normal) expectSentToNormalForm(answer, spelling, "/admin/accounts", method);
      else {
        expect(answer.status, method).toBe(200);
        expect(answer.headers["cache-control"], method).toBe("no-store");
        if (method === "GET") expect(answer.text).toContain("Invite admin");
      }
    }
  });

  test.each(SPELLINGS)("the body cap ($name): a body over its route's cap is refused before React Router reads it", async (spelling) => {
    // Starting a video upload takes a form's body at most, unlike the upload's parts (/admin/content/video/uploads/:id/:index).
    const body = `x=${"a".repeat(FORM_MAX_BYTES)}`;
    const answer = await send(server, "POST", spelling.spell("/admin/content/video/uploads"), { headers: { cookie }, body });
    expect([PATH_NOT_NORMAL, TOO_LARGE], `${answer.status} ${answer.text.slice(0, 100)}`).toContain(
      (JSON.parse(answer.text) as { error?: string }).error,
    );
    if (!spelling.normal) expectSentToNormalForm(answer, spelling, "/admin/content/video/uploads", "POST");
    else
      expect({ status: answer.status, body: answer.text }).toEqual({
        status: 413,
        body: JSON.stringify({ error: "The request is too large (at most 64 KB)" }),
      });
  });

  test.each(SPELLINGS)("the page cache ($name): after a write, the cached home page shows what the database holds", async (spelling) => {
    const joinUsShown = async () => (await (await fetch(`${server.url}/`)).text()).includes(">Join Us<");
    const stored = async () => (await settingsRepo(server.database.db).get()).joinUsVisible;
    expect(await joinUsShown()).toBe(true);
    const answer = await send(server, "POST", spelling.spell("/admin/join-us"), { headers: { cookie }, body: "visible=false" });
    try {
      expect(await joinUsShown(), `after ${answer.status}`).toBe(await stored());
      if (!spelling.normal) expectSentToNormalForm(answer, spelling, "/admin/join-us", "POST");
      else expect(answer.status).toBe(200);
    } finally {
      expect((await post(server, "/admin/join-us", { visible: "true" }, { cookie })).status).toBe(200);
    }
    // A public page under another spelling is not kept under it either: it is sent to its one address.
    const page = await send(server, "GET", spelling.spell("/events-and-activities/med-doc"));
    if (!spelling.normal) expectSentToNormalForm(page, spelling, "/events-and-activities/med-doc", "GET");
    else expect(page.headers.etag).toBeUndefined();
  });

  test.each(SPELLINGS)("the post-only refusal ($name): reading /admin/logout is answered 405", async (spelling) => {
    const answer = await send(server, "GET", spelling.spell("/admin/logout"), { headers: { cookie } });
    expect([405, 308]).toContain(answer.status);
    if (!spelling.normal) expectSentToNormalForm(answer, spelling, "/admin/logout", "GET");
    else expect({ status: answer.status, allow: answer.headers.allow }).toEqual({ status: 405, allow: "POST" });
    // The session is still open: nothing logged it out.
    expect((await send(server, "GET", "/admin/accounts", { headers: { cookie } })).status).toBe(200);
  });
});
