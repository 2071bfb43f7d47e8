import { beforeAll, describe, expect, test } from "vitest";
import { PUBLIC_FORM_LIMIT } from "#server/services/public-submissions.ts";
import { ADMIN, post } from "./helpers/admin";
import { contactMessage, formBody, waitFor } from "./helpers/forms";
import { siteOrigin, type TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";

/**
 * Security events reach the log by name (server/security-log.ts), at warn, so an operator running with LOG_LEVEL=warn
 * still sees them, and without personal data: no email, phone, password, token or client address. (Every server's
 * output in the suite is also scanned for passwords, tokens and applicants' data: helpers/log-check.ts.) Logging does not
 * depend on the database engine: SQLite only.
 */
interface LogLine {
  level: string;
  event?: string;
  [field: string]: unknown;
}

describe("security events in the log", () => {
  const setup = useTestServer("sqlite", { env: { TRUST_PROXY: "loopback", LOG_LEVEL: "warn" } });
  let server: TestServer;
  beforeAll(() => void (server = setup.server));

  const linesOf = (name: string): LogLine[] =>
    server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as LogLine)
      .filter((line) => line.event === name);
  /** The lines of an event, once at least `count` have arrived (the log reaches the test through a pipe, the answer through a socket). */
  const events = (name: string, count = 1): Promise<LogLine[]> => waitFor(async () => linesOf(name).length >= count && linesOf(name), 5000);

  /** Addresses and secrets this test sends; none may be logged. */
  const sent = new Set<string>();
  const from = (ip: string) => {
    sent.add(ip);
    return { headers: { "X-Forwarded-For": ip } };
  };

  test("a failed login", async () => {
    sent.add("wrong password 1");
    expect((await post(server, "/admin/login", { email: ADMIN.email, password: "wrong password 1" }, from("203.0.113.10"))).status).toBe(
      401,
    );
    expect(await events("login.failure")).toHaveLength(1);
  });

  test("an address reaching its login limit: one line when it is reached, none per refused attempt after", async () => {
    for (let i = 0; i < 12; i++)
      await post(server, "/admin/login", { email: `nobody-${i}@example.org`, password: "wrong password" }, from("203.0.113.11"));
    expect(await events("login.ip-limit-reached")).toEqual([expect.objectContaining({ level: "warn", windowSeconds: 60 })]);
  });

  test("an account locked by its fifth failure", async () => {
    for (let i = 0; i < 6; i++)
      await post(server, "/admin/login", { email: ADMIN.email, password: `wrong password ${i}` }, from(`203.0.113.${20 + i}`));
    expect(await events("login.account-locked")).toEqual([expect.objectContaining({ level: "warn", windowSeconds: 900 })]);
  });

  test("logins turned away while every hashing slot is taken", async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post(server, "/admin/login", { email: `crowd-${i}@example.org`, password: "wrong password" }, from(`203.0.113.${100 + i}`)),
      ),
    );
    expect(answers.map((a) => a.status)).toContain(429);
    expect((await events("login.busy"))[0]).toMatchObject({ level: "warn", turnedAway: expect.any(Number) as number });
  });

  test("an address reaching its contact-form limit", async () => {
    for (let i = 0; i <= PUBLIC_FORM_LIMIT.limit; i++) {
      await fetch(`${server.url}/contact`, {
        method: "POST",
        headers: { ...siteOrigin(server.publicUrl), "Content-Type": "application/x-www-form-urlencoded", ...from("203.0.113.12").headers },
        body: formBody("/contact", contactMessage()),
      }).then((r) => r.arrayBuffer());
    }
    expect(await events("form.limit-reached")).toEqual([expect.objectContaining({ level: "warn", form: "contact" })]);
  });

  test("a cross-site write refused, and a write that says nothing of where it comes from: one line each", async () => {
    const answer = await post(server, "/admin/join-us", { visible: "false" }, { headers: { origin: "https://evil.example" } });
    expect(answer.status).toBe(403);
    const unsaid = await fetch(`${server.url}/admin/join-us`, { method: "POST", body: new URLSearchParams({ visible: "false" }) });
    expect(unsaid.status).toBe(403);
    expect(await unsaid.json()).toEqual({ error: "Cross-site request refused" });
    expect(await events("request.cross-site-refused", 2)).toEqual([
      expect.objectContaining({ level: "warn", method: "POST", path: "/admin/join-us", origin: "https://evil.example", fetchSite: "" }),
      expect.objectContaining({ level: "warn", method: "POST", path: "/admin/join-us", origin: "", fetchSite: "" }),
    ]);
  });

  test("a body over its cap refused", async () => {
    const answer = await post(server, "/contact", { message: "x".repeat(70 * 1024) });
    expect(answer.status).toBe(413);
    expect(await events("request.too-large")).toEqual([
      expect.objectContaining({ level: "warn", path: "/contact", status: 413, maxBytes: 65536 }),
    ]);
  });

  test("admin access refused: a write without a session, a page with a session that has ended", async () => {
    expect((await post(server, "/admin/join-us", { visible: "false" })).status).toBe(401);
    const stale = `session=${"A".repeat(43)}`;
    expect((await fetch(`${server.url}/admin-announcement`, { headers: { cookie: stale }, redirect: "manual" })).status).toBe(302);
    expect(await events("access.refused", 2)).toEqual([
      expect.objectContaining({ level: "warn", method: "POST", path: "/admin/join-us", reason: "no-session" }),
      expect.objectContaining({ level: "warn", method: "GET", path: "/admin-announcement", reason: "session-ended" }),
    ]);
  });

  test("every security event line names its request and holds no email, address or password", () => {
    const lines = server
      .output()
      .split("\n")
      .filter((line) => line.includes('"event":'));
    expect(lines.length).toBeGreaterThanOrEqual(8);
    for (const line of lines) {
      // login.busy sums up many requests in one line; every other event belongs to one.
      if (!line.includes('"event":"login.busy"')) expect(line).toMatch(/"requestId":"[0-9a-f-]{36}"/);
      expect(line).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
      for (const value of sent) expect(line).not.toContain(value);
    }
  });
});
