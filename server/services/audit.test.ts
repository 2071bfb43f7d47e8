import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase, testEngines } from "../../tests/shared/test-database";
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
      address_hash: addressHash,
    });
    await database.db
      .insertInto("audit_log")
      .values([entry("e1", "0123456789abcdef"), entry("e2", "old:fedcba9876543210"), entry("e3", null)])
      .execute();
    const { lines } = await auditService({ db: database.db, timeZone: "UTC" }).page({}, 1);
    expect(Object.fromEntries(lines.map((line) => [line.id, line.network]))).toEqual({
      e1: "01234567",
      e2: "fedcba98 (older code)",
      e3: null,
    });
  });
});
