import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase, testEngines } from "../../tests/shared/test-database";
import { auditLogRepo } from "./audit-log";

describe.each(testEngines())("audit log repository on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("an empty log lists nothing", async () => {
    expect(await auditLogRepo(database.db).listRecent(10)).toEqual([]);
  });

  test("entries list newest first, as many as asked for, with or without detail", async () => {
    const log = auditLogRepo(database.db);
    await log.record("cli", "admin.create", "admin=1");
    await log.record("anonymous", "login.failure");
    await log.record("admin-1", "logout", "session=2");
    const recent = await log.listRecent(2);
    expect(recent.map(({ actor, action, detail }) => ({ actor, action, detail }))).toEqual([
      { actor: "admin-1", action: "logout", detail: "session=2" },
      { actor: "anonymous", action: "login.failure", detail: null },
    ]);
    expect(recent[0]?.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(await log.listRecent(10)).toHaveLength(3);
  });
});
