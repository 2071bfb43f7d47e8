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

export interface AuditEntry {
  id: string;
  at: string;
  actor: string;
  action: string;
  detail: string | null;
  /** The keyed hash of the network the request came from; null outside a request. */
  addressHash: string | null;
}

export interface AuditFilter {
  actor?: string;
  action?: string;
}

/** The key of every database, read (or made) once per database handle. */
const keys = new WeakMap<Kysely<Database>, Promise<Buffer>>();

/**
 * The audit key: made at random by the first instance that needs it (the start makes it, right after migrating), the
 * same for every instance afterwards.
 */
export async function addressKey(db: Kysely<Database>): Promise<Buffer> {
  const read = async () =>
    (await db.selectFrom("settings").select("audit_address_key").where("id", "=", "site").executeTakeFirst())?.audit_address_key;
  let key = await read();
  if (!key) {
    await db
      .updateTable("settings")
      .set({ audit_address_key: crypto.randomBytes(32).toString("base64") })
      .where("id", "=", "site")
      .where("audit_address_key", "is", null)
      .execute();
    key = await read();
  }
  if (!key) throw new Error("no settings row for the audit key");
  return Buffer.from(key, "base64");
}

/**
 * Where a request came from, as the audit log keeps it: HMAC-SHA-256 of its /24 (IPv4) or /48 (IPv6), so entries from
 * one network can be told apart from another's, but the network cannot be read back, nor found by hashing every /24.
 */
async function addressHash(db: Kysely<Database>): Promise<string | null> {
  const address = currentClientAddress();
  const prefix = address ? addressPrefix(address) : null;
  if (!prefix) return null;
  let key = keys.get(db);
  if (!key) {
    key = addressKey(db);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return crypto
    .createHmac("sha256", await key)
    .update(prefix)
    .digest("hex");
}

/** The admin trail. Details name ids, never applicants' personal data or any password. */
export function auditLogRepo(db: Kysely<Database>) {
  return {
    async record(actor: string, action: string, detail?: string): Promise<void> {
      await db
        .insertInto("audit_log")
        .values({ id: newId(), at: nowIso(), actor, action, detail: detail ?? null, address_hash: await addressHash(db) })
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
