import crypto from "node:crypto";
import os from "node:os";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { withClientAddress } from "#server/client-address-scope.ts";
import { createLogger } from "#server/logger.ts";
import { openSecretsKey } from "#server/secrets-at-rest.ts";
import { type SecretsKey, secretsKey } from "#server/secrets-key.ts";
import { AUDIT_REPEAT_WINDOW_MS, AUDIT_RETENTION_MS, auditLogRepo, setAuditKey } from "./audit-log";
import { inTransaction } from "./index";

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

  test("an entry made during a request keeps its network's code under the secrets key, never the address; one made outside keeps none", async () => {
    const secrets = secretsKey(crypto.randomBytes(32));
    setAuditKey(database.db, secrets);
    const log = auditLogRepo(database.db);
    await withClientAddress("203.0.113.7", () => log.record("admin-1", "login.success"));
    await withClientAddress("203.0.113.200", () => inTransaction(database.db, (trx) => trx.auditLog.record("admin-1", "logout")));
    await withClientAddress("198.51.100.7", () => log.record("admin-1", "login.success"));
    await withClientAddress("2001:db8:abcd:12::5", () => log.record("admin-1", "login.success"));
    await log.record("cli", "admin.create");
    const [cli, v6, other, sameNetwork, first] = await log.listRecent(10);
    expect(first?.addressHash).toBe(secrets.auditNetworkCode("203.0.113.0/24"));
    expect(sameNetwork?.addressHash).toBe(first?.addressHash);
    expect(other?.addressHash).toBe(secrets.auditNetworkCode("198.51.100.0/24"));
    expect(v6?.addressHash).toBe(secrets.auditNetworkCode("2001:db8:abcd::/48"));
    expect(cli?.addressHash).toBeNull();
    const stored = JSON.stringify(await database.db.selectFrom("auditLog").selectAll().execute());
    expect(stored).not.toMatch(/203\.0\.113|198\.51\.100|2001:db8/);
  });

  test("the code changes with the secrets key, and is no hash or HMAC anyone holding the database can make", async () => {
    const prefix = "203.0.113.0/24";
    const codeUnder = async (secrets: SecretsKey) => {
      setAuditKey(database.db, secrets);
      await withClientAddress("203.0.113.7", () => auditLogRepo(database.db).record("admin-1", "login.success"));
      return (await auditLogRepo(database.db).listRecent(1))[0]?.addressHash;
    };
    // The first key as the start opens it, so the database holds what a start stores of it.
    const started = await openSecretsKey({
      configured: crypto.randomBytes(32),
      dataDir: os.tmpdir(),
      db: database.db,
      logger: createLogger("silent"),
    });
    const first = await codeUnder(started);
    const second = await codeUnder(secretsKey(crypto.randomBytes(32)));
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(second).toMatch(/^[0-9a-f]{64}$/);
    expect(second).not.toBe(first);
    // Every value the settings row holds, tried as an HMAC key (as text, and as base64 or hex bytes), and no key at all.
    const settings = await database.db.selectFrom("settings").selectAll().executeTakeFirstOrThrow();
    const candidates = Object.values(settings)
      .filter((value): value is string | number => value !== null)
      .flatMap((value) => [Buffer.from(String(value)), Buffer.from(String(value), "base64"), Buffer.from(String(value), "hex")]);
    const made = [
      crypto.createHash("sha256").update(prefix).digest("hex"),
      ...candidates.map((key) => crypto.createHmac("sha256", key).update(prefix).digest("hex")),
    ];
    expect(made).not.toContain(first);
    expect(made).not.toContain(second);
  });

  test("without a secrets key an entry made during a request is refused, not written without its code or with another key", async () => {
    const log = auditLogRepo(database.db);
    await expect(withClientAddress("203.0.113.7", () => log.record("admin-1", "login.success"))).rejects.toThrow(/no secrets key/);
    await log.record("cli", "admin.create");
    expect((await log.listRecent(10)).map((entry) => entry.action)).toEqual(["admin.create"]);
  });

  test("a repeated event is one entry per actor, detail and network in each 10 minutes of the clock, counting the repeats", async () => {
    setAuditKey(database.db, secretsKey(crypto.randomBytes(32)));
    const log = auditLogRepo(database.db);
    const start = Date.parse("2026-12-01T10:00:00.000Z");
    const at = (ms: number) => new Date(start + ms);
    const failure = (address: string, detail: string, when: Date) =>
      withClientAddress(address, () => log.recordRepeated("anonymous", "login.failure", detail, when));
    await failure("203.0.113.7", "admin=1", at(0));
    await failure("203.0.113.200", "admin=1", at(60_000)); // the same /24
    await failure("203.0.113.7", "admin=1", at(AUDIT_REPEAT_WINDOW_MS - 1));
    await failure("198.51.100.7", "admin=1", at(1000)); // another network
    await failure("203.0.113.7", "unknown account", at(2000)); // another detail
    await failure("203.0.113.7", "admin=1", at(AUDIT_REPEAT_WINDOW_MS)); // the next 10 minutes
    await log.record("anonymous", "login.failure", "admin=1");
    const entries = (await log.listRecent(10, { action: "login.failure" })).map(({ at, detail, occurrences }) => ({
      at,
      detail,
      occurrences,
    }));
    expect(entries.slice(1)).toEqual([
      { at: at(AUDIT_REPEAT_WINDOW_MS).toISOString(), detail: "admin=1", occurrences: 1 },
      { at: at(2000).toISOString(), detail: "unknown account", occurrences: 1 },
      { at: at(1000).toISOString(), detail: "admin=1", occurrences: 1 },
      { at: at(0).toISOString(), detail: "admin=1", occurrences: 3 },
    ]);
    // An entry recorded the usual way counts once, and is never added to.
    expect(entries[0]?.occurrences).toBe(1);
  });

  test("repeats racing each other (on PostgreSQL, over several connections at once) add to one entry", async () => {
    setAuditKey(database.db, secretsKey(crypto.randomBytes(32)));
    const when = new Date("2026-12-01T10:00:00.000Z");
    await withClientAddress("203.0.113.7", () =>
      Promise.all(
        Array.from({ length: 20 }, () => auditLogRepo(database.db).recordRepeated("anonymous", "login.failure", "admin=1", when)),
      ),
    );
    expect((await auditLogRepo(database.db).listRecent(10)).map((entry) => entry.occurrences)).toEqual([20]);
  });

  test("entries filter by actor and action, page by offset, and go after a year", async () => {
    const log = auditLogRepo(database.db);
    await log.record("admin-1", "login.success");
    await log.record("admin-2", "login.success");
    await log.record("admin-1", "logout");
    expect((await log.listRecent(10, { actor: "admin-1" })).map((entry) => entry.action)).toEqual(["logout", "login.success"]);
    expect((await log.listRecent(10, { action: "login.success" })).map((entry) => entry.actor)).toEqual(["admin-2", "admin-1"]);
    expect(await log.count({ actor: "admin-1", action: "logout" })).toBe(1);
    expect((await log.listRecent(1, {}, 1)).map((entry) => entry.actor)).toEqual(["admin-2"]);
    expect(await log.actions()).toEqual(["login.success", "logout"]);
    await database.db.updateTable("auditLog").set({ at: "2025-11-01T00:00:00.000Z" }).where("action", "=", "logout").execute();
    expect(await log.deleteOlderThan(new Date(Date.now() - AUDIT_RETENTION_MS).toISOString())).toBe(1);
    expect(await log.count()).toBe(2);
  });
});
