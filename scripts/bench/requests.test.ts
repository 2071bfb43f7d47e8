import { describe, expect, test } from "vitest";
import { APPLICATION_STATUSES } from "#core/schemas/applications.ts";
import site from "#content/site.ts";
import { parseAnswers } from "#server/repos/applications.ts";
import { applicant } from "#scripts/lib/seed.ts";
import { type CaseResult, requestCases, requestTargets, SEEDED_REQUESTS, seededRequest, seededStatus, seededTime } from "./requests";

const now = new Date("2026-11-29T06:00:00.000Z");
const DAY_MS = 24 * 60 * 60 * 1000;

describe("the seeded requests", () => {
  test("span the year before the bench, newest first", () => {
    const times = Array.from({ length: SEEDED_REQUESTS }, (_, n) => seededTime(n, SEEDED_REQUESTS, now).getTime());
    expect(times.every((time, n) => n === 0 || time < times[n - 1]!)).toBe(true);
    expect(times[0]).toBeLessThanOrEqual(now.getTime());
    expect(now.getTime() - times.at(-1)!).toBeLessThanOrEqual(365 * DAY_MS);
    expect(now.getTime() - times.at(-1)!).toBeGreaterThan(364 * DAY_MS);
  });

  test("hold every status: the last month's mostly new, the older ones mostly handled", () => {
    const count = (from: number, to: number, status: string) =>
      Array.from({ length: to - from }, (_, i) => seededStatus(from + i)).filter((s) => s === status).length;
    for (const status of APPLICATION_STATUSES) expect(count(0, SEEDED_REQUESTS, status)).toBeGreaterThan(500);
    expect(count(0, 800, "new")).toBeGreaterThan(600);
    expect(count(800, SEEDED_REQUESTS, "new")).toBeLessThan(1000);
  });

  test("are stored as the join service stores an application: normalised, the site's questions, a UUIDv7 of its time", () => {
    const row = seededRequest(4242, SEEDED_REQUESTS, now);
    expect(row).toMatchObject({ fullname: "Zainab Chaudhry", email: "zainab.chaudhry.4242@example.org", phone: applicant(4242).phone });
    expect(parseAnswers(row.answers).map((answer) => answer.question)).toEqual(site.joinQuestions);
    expect(parseInt(row.id.replaceAll("-", "").slice(0, 12), 16)).toBe(Date.parse(row.createdAt));
  });
});

describe("the admin's GETs", () => {
  test("search a surname and one applicant's phone digits, and filter a whole month three months back", () => {
    const paths = requestCases(now).map((c) => c.path);
    expect(paths).toContain("/admin?q=Qureshi");
    expect(paths).toContain(`/admin?q=${applicant(4242).phone.slice(4, 11)}`);
    expect(paths).toContain("/admin?from=2026-08-01&to=2026-08-31");
  });

  test("the panel's are held to 200 ms and the export to 2 s, by the median", () => {
    const measured = (targetMs: number, clientMs: number[]): CaseResult => ({
      name: "x",
      path: targetMs === 200 ? "/admin" : "/admin/requests.csv",
      targetMs,
      clientMs,
      serverMs: [],
      bytes: 0,
      plainBytes: 0,
      matching: 1,
      peakRssBytes: 0,
    });
    const checks = requestTargets([
      { engine: "sqlite", seedSeconds: 1, cases: [measured(200, [150, 190, 900]), measured(2000, [2100, 2100, 10])] },
      { engine: "postgres", skipped: "skipped: no PostgreSQL" },
    ]);
    expect(checks).toEqual([
      { target: "sqlite /admin: median < 200 ms", measured: "190.0 ms", pass: true },
      { target: "sqlite /admin/requests.csv: median < 2000 ms", measured: "2100.0 ms", pass: false },
    ]);
  });
});
