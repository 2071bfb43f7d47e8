import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { currentClientAddress } from "../client-address-scope";
import { addressPrefix } from "../client-network";
import { newId, nowIso } from "../db/ids";
import type { Database } from "../db/schema";

/** Who did it: an admin id, or one of these. */
export const AUDIT_ACTOR = { anonymous: "anonymous", cli: "cli", system: "system" } as const;

/** Entries older than this are deleted by housekeeping. */
export const AUDIT_RETENTION_MS = 365 * 24 * 60 * 60 * 1000;
/**
 * An event that can repeat without bound (a failed sign-in) is one entry per actor, detail and network in each window of
 * this length (10-minute windows of the clock), with a count: a flood of them cannot fill the disk.
 */
export const AUDIT_REPEAT_WINDOW_MS = 10 * 60 * 1000;

export interface AuditEntry {
  id: string;
  at: string;
  actor: string;
  action: string;
  detail: string | null;
  /** The keyed hash of the network the request came from; null outside a request. */
  addressHash: string | null;
  /** How many times it happened: 1, or more for an event counted in one entry per window (AUDIT_REPEAT_WINDOW_MS). */
  occurrences: number;
}

export interface AuditFilter {
  actor?: string;
  action?: string;
}

/**
 * The audit key of each database, once read: remembered by the database's own handle, not a transaction's (a new handle
 * for every transaction), so an entry written in a transaction does not read the key again.
 */
const keys = new WeakMap<Kysely<Database>, Promise<Buffer>>();

/** The stored key, made at random first when there is none yet; `made` says this call made it. */
async function readOrMakeKey(db: Kysely<Database>): Promise<{ key: Buffer; made: boolean }> {
  const read = async () =>
    (await db.selectFrom("settings").select("audit_address_key").where("id", "=", "site").executeTakeFirst())?.audit_address_key;
  const stored = await read();
  if (stored) return { key: Buffer.from(stored, "base64"), made: false };
  await db
    .updateTable("settings")
    .set({ audit_address_key: crypto.randomBytes(32).toString("base64") })
    .where("id", "=", "site")
    .where("audit_address_key", "is", null)
    .execute();
  const made = await read();
  if (!made) throw new Error("no settings row for the audit key");
  return { key: Buffer.from(made, "base64"), made: true };
}

/**
 * The audit key: made at random by the first instance that needs it (the start makes it, right after migrating), the
 * same for every instance afterwards. Read once per database: `db` is the database's own handle, never a transaction's.
 */
export function addressKey(db: Kysely<Database>): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = readOrMakeKey(db).then(({ key }) => key);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

/**
 * The key for an entry written through `db`, a transaction of `root` or `root` itself. In a transaction the key is read
 * through it (it may hold the database's only connection), and remembered for `root` unless the transaction made it: a
 * key made there is gone if the transaction rolls back.
 */
async function keyFor(db: Kysely<Database>, root: Kysely<Database>): Promise<Buffer> {
  const known = keys.get(root);
  if (known) return known;
  if (db === root) return addressKey(root);
  const { key, made } = await readOrMakeKey(db);
  if (!made) keys.set(root, Promise.resolve(key));
  return key;
}

/**
 * Where a request came from, as the audit log keeps it: HMAC-SHA-256 of its /24 (IPv4) or /48 (IPv6), so entries from
 * one network can be told apart from another's, but the network cannot be read back, nor found by hashing every /24.
 */
async function addressHash(db: Kysely<Database>, root: Kysely<Database>): Promise<string | null> {
  const address = currentClientAddress();
  const prefix = address ? addressPrefix(address) : null;
  if (!prefix) return null;
  return crypto
    .createHmac("sha256", await keyFor(db, root))
    .update(prefix)
    .digest("hex");
}

/**
 * The admin trail. Details name ids, never applicants' personal data or any password. `root`: the database `db` is a
 * transaction of (the audit key is read once per database).
 */
export function auditLogRepo(db: Kysely<Database>, root: Kysely<Database> = db) {
  return {
    async record(actor: string, action: string, detail?: string): Promise<void> {
      await db
        .insertInto("audit_log")
        .values({ id: newId(), at: nowIso(), actor, action, detail: detail ?? null, address_hash: await addressHash(db, root) })
        .execute();
    },

    /**
     * An event that may repeat without bound: the first of its action, actor and detail from one network in a
     * AUDIT_REPEAT_WINDOW_MS window of the clock is an entry (at `now`), and each repeat in that window adds to its count.
     * One statement, so repeats racing on any instance add to the same entry.
     */
    async recordRepeated(actor: string, action: string, detail: string, now: Date): Promise<void> {
      const network = await addressHash(db, root);
      const window = Math.floor(now.getTime() / AUDIT_REPEAT_WINDOW_MS);
      const aggregateKey = crypto
        .createHash("sha256")
        .update(JSON.stringify([action, actor, detail, network, window]))
        .digest("hex");
      await db
        .insertInto("audit_log")
        .values({ id: newId(), at: now.toISOString(), actor, action, detail, address_hash: network, aggregate_key: aggregateKey })
        .onConflict((conflict) =>
          conflict.column("aggregate_key").doUpdateSet((eb) => ({ occurrences: eb(eb.ref("audit_log.occurrences"), "+", 1) })),
        )
        .execute();
    },

    /** Newest first; UUIDv7 ids order entries written in the same millisecond. */
    async listRecent(limit: number, filter: AuditFilter = {}, offset = 0): Promise<AuditEntry[]> {
      let query = db.selectFrom("audit_log").selectAll();
      if (filter.actor) query = query.where("actor", "=", filter.actor);
      if (filter.action) query = query.where("action", "=", filter.action);
      const rows = await query.orderBy("at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute();
      return rows.map((row) => ({
        id: row.id,
        at: row.at,
        actor: row.actor,
        action: row.action,
        detail: row.detail,
        addressHash: row.address_hash,
        occurrences: row.occurrences,
      }));
    },

    async count(filter: AuditFilter = {}): Promise<number> {
      let query = db.selectFrom("audit_log").select((eb) => eb.fn.countAll<number | string | bigint>().as("n"));
      if (filter.actor) query = query.where("actor", "=", filter.actor);
      if (filter.action) query = query.where("action", "=", filter.action);
      return Number((await query.executeTakeFirstOrThrow()).n);
    },

    /** Every action the log holds, for the viewer's filter. */
    async actions(): Promise<string[]> {
      const rows = await db.selectFrom("audit_log").select("action").distinct().orderBy("action").execute();
      return rows.map((row) => row.action);
    },

    /** Housekeeping: entries older than a year go. */
    async deleteOlderThan(before: string): Promise<number> {
      const result = await db.deleteFrom("audit_log").where("at", "<", before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
