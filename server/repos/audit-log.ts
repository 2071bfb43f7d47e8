import crypto from "node:crypto";
import { type Kysely, sql } from "kysely";
import { currentClientAddress } from "#server/client-address-scope.ts";
import { addressPrefix } from "#server/client-network.ts";
import { newId, nowIso } from "#server/db/ids.ts";
import type { Database } from "#server/db/schema.ts";
import type { SecretsKey } from "#server/secrets-key.ts";
import { countRows } from "./count-rows";

/** Who did it: an admin id, or one of these. */
export const AUDIT_ACTOR = { anonymous: "anonymous", cli: "cli", system: "system" } as const;

/** Entries older than this are deleted by housekeeping. */
export const AUDIT_RETENTION_MS = 365 * 24 * 60 * 60 * 1000;
/**
 * An event that can repeat without bound (a failed sign-in) is one entry per actor, detail and network in each window of
 * this length (10-minute windows of the clock), with a count: a flood of them cannot fill the disk.
 */
export const AUDIT_REPEAT_WINDOW_MS = 10 * 60 * 1000;

export interface AuditFilter {
  actor?: string;
  action?: string;
}

/** How a code keyed before the key moved out of the database is marked (the secrets-at-rest migration). */
export const OLD_NETWORK_CODE_PREFIX = "old:";

/** The secrets key each database's entries are keyed with, set at start: by the database's own handle, not a transaction's. */
const keys = new WeakMap<Kysely<Database>, SecretsKey>();

/** Entries written through `db` (or a transaction of it) from now on key their network code with `secrets`. */
export function setAuditKey(db: Kysely<Database>, secrets: SecretsKey): void {
  keys.set(db, secrets);
}

/**
 * Where a request came from, as the audit log keeps it: an HMAC of its /24 (IPv4) or /48 (IPv6) under a key derived from
 * the secrets key, which is not in the database, so entries from one network can be told apart from another's, but
 * whoever holds the database (or a backup) cannot read the network back, nor find it by hashing every /24.
 */
function networkCode(db: Kysely<Database>, root: Kysely<Database>): string | null {
  const address = currentClientAddress();
  const prefix = address ? addressPrefix(address) : null;
  if (!prefix) return null;
  const secrets = keys.get(root) ?? keys.get(db);
  if (!secrets) throw new Error("the audit log has no secrets key for this database: the start gives it one (setAuditKey)");
  return secrets.auditNetworkCode(prefix);
}

/**
 * The admin trail. Details name ids, never applicants' personal data or any password. `root`: the database `db` is a
 * transaction of (whose secrets key keys the network codes).
 */
export function auditLogRepo(db: Kysely<Database>, root: Kysely<Database> = db) {
  return {
    async record(actor: string, action: string, detail?: string): Promise<void> {
      await db
        .insertInto("auditLog")
        .values({ id: newId(), at: nowIso(), actor, action, detail: detail ?? null, addressHash: networkCode(db, root) })
        .execute();
    },

    /**
     * An event that may repeat without bound: the first of its action, actor and detail from one network in a
     * AUDIT_REPEAT_WINDOW_MS window of the clock is an entry (at `now`), and each repeat in that window adds to its count.
     * One statement, so repeats racing on any instance add to the same entry.
     */
    async recordRepeated(actor: string, action: string, detail: string, now: Date): Promise<void> {
      const network = networkCode(db, root);
      const window = Math.floor(now.getTime() / AUDIT_REPEAT_WINDOW_MS);
      const aggregateKey = crypto
        .createHash("sha256")
        .update(JSON.stringify([action, actor, detail, network, window]))
        .digest("hex");
      await db
        .insertInto("auditLog")
        .values({ id: newId(), at: now.toISOString(), actor, action, detail, addressHash: network, aggregateKey: aggregateKey })
        .onConflict((conflict) =>
          conflict.column("aggregateKey").doUpdateSet((eb) => ({ occurrences: eb(eb.ref("auditLog.occurrences"), "+", 1) })),
        )
        .execute();
    },

    /** Newest first; UUIDv7 ids order entries written in the same millisecond. */
    async listRecent(limit: number, filter: AuditFilter = {}, offset = 0) {
      let query = db.selectFrom("auditLog").select(["id", "at", "actor", "action", "detail", "addressHash", "occurrences"]);
      if (filter.actor) query = query.where("actor", "=", filter.actor);
      if (filter.action) query = query.where("action", "=", filter.action);
      return query.orderBy("at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute();
    },

    async count(filter: AuditFilter = {}): Promise<number> {
      let query = db.selectFrom("auditLog");
      if (filter.actor) query = query.where("actor", "=", filter.actor);
      if (filter.action) query = query.where("action", "=", filter.action);
      return countRows(query);
    },

    /** Every action the log holds, for the viewer's filter. */
    async actions(): Promise<string[]> {
      const rows = await db.selectFrom("auditLog").select("action").distinct().orderBy("action").execute();
      return rows.map((row) => row.action);
    },

    /** The secrets key was lost: the codes made with it are marked as the migration marked the first key's. */
    async markNetworkCodesOld(): Promise<void> {
      await db
        .updateTable("auditLog")
        .set({ addressHash: sql<string>`${OLD_NETWORK_CODE_PREFIX} || address_hash` })
        .where("addressHash", "is not", null)
        .where("addressHash", "not like", `${OLD_NETWORK_CODE_PREFIX}%`)
        .execute();
    },

    /** Housekeeping: entries older than a year go. */
    async deleteOlderThan(before: string): Promise<number> {
      const result = await db.deleteFrom("auditLog").where("at", "<", before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
