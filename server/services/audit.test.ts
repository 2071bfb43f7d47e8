import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { createRepos } from "#server/repos/index.ts";
import { auditService } from "./audit";

describe.each(testEngines())("the audit log as Owners read it on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("a network shows as its code's first 8 characters; one keyed with an earlier key says so", async () => {
    const entry = (id: string, addressHash: string | null) => ({
      id,
      at: "2026-12-01T10:00:00.000Z",
      actor: "cli",
      action: "logout",
      detail: null,
      addressHash: addressHash,
    });
    await database.db
      .insertInto("auditLog")
      .values([entry("e1", "0123456789abcdef"), entry("e2", "old:fedcba9876543210"), entry("e3", null)])
      .execute();
    const { lines } = await auditService({ db: database.db, timeZone: "UTC" }).page({}, 1);
    expect(Object.fromEntries(lines.map((line) => [line.id, line.network]))).toEqual({
      e1: "01234567",
      e2: "fedcba98 (older code)",
      e3: null,
    });
  });

  test("entries say who in words, filter by action and admin, and page by 50", async () => {
    const admins = createRepos(database.db).admins;
    const a1 = (await admins.create({ email: "chair@society.example", name: "Sana Chair", passwordHash: "x" })).id;
    const a2 = (await admins.create({ email: "editor@society.example", passwordHash: "x", role: "editor" })).id;
    const entry = (n: number, actor: string, action: string) => ({
      id: `e${String(n).padStart(3, "0")}`,
      at: new Date(Date.parse("2026-12-01T10:00:00.000Z") + n * 60_000).toISOString(),
      actor,
      action,
      detail: null,
      addressHash: null,
    });
    await database.db
      .insertInto("auditLog")
      .values([
        entry(1, a1, "login.success"),
        entry(2, a2, "join-us.toggle"),
        entry(3, "anonymous", "login.failure"),
        entry(4, "cli", "admin.create"),
        entry(5, "system", "retention.sweep"),
        entry(6, "gone", "logout"),
        ...Array.from({ length: 55 }, (_, i) => entry(10 + i, a1, "announcement.edit")),
      ])
      .execute();
    const audit = auditService({ db: database.db, timeZone: "Asia/Karachi" });
    const who = Object.fromEntries((await audit.page({}, 2)).lines.map((line) => [line.action, line.who]));
    expect(who).toEqual({
      "login.success": "Sana Chair",
      "join-us.toggle": "editor@society.example",
      "login.failure": "Someone not signed in",
      "admin.create": "The command line",
      "retention.sweep": "The site",
      logout: "A removed admin",
      "announcement.edit": "Sana Chair",
    });
    const first = await audit.page({}, 1);
    expect([first.total, first.pages, first.lines.length, first.lines[0]?.when]).toEqual([61, 2, 50, "1 December 2026 at 16:04"]);
    expect((await audit.page({}, 9)).page).toBe(2);
    expect((await audit.page({ action: "join-us.toggle" }, 1)).lines.map((line) => line.id)).toEqual(["e002"]);
    expect((await audit.page({ actor: a1 }, 1)).total).toBe(56);
    expect((await audit.page({ actor: "cli" }, 1)).lines.map((line) => line.action)).toEqual(["admin.create"]);
    expect(first.admins).toEqual([
      { id: a1, label: "Sana Chair (chair@society.example)" },
      { id: a2, label: "editor@society.example" },
    ]);
    expect(first.actions).toEqual(expect.arrayContaining(["join-us.toggle", "login.failure"]));
  });
});
