import type { Kysely } from "kysely";
import { newId, nowIso } from "../db/ids";
import type { AdminRow, Database } from "../db/schema";

/** An admin account as stored, hash included: only login and password changes need the hash. */
export interface AdminRecord {
  id: string;
  email: string;
  passwordHash: string;
  mustChangePassword: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface NewAdmin {
  email: string;
  passwordHash: string;
  mustChangePassword?: boolean;
}

/** Emails are compared case-insensitively: stored and looked up trimmed and lower-cased. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

const toAdmin = (row: AdminRow): AdminRecord => ({
  id: row.id,
  email: row.email,
  passwordHash: row.password_hash,
  mustChangePassword: row.must_change_password === 1,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export function adminsRepo(db: Kysely<Database>) {
  return {
    async findByEmail(email: string): Promise<AdminRecord | undefined> {
      const row = await db.selectFrom("admins").selectAll().where("email", "=", normalizeEmail(email)).executeTakeFirst();
      return row && toAdmin(row);
    },

    async findById(id: string): Promise<AdminRecord | undefined> {
      const row = await db.selectFrom("admins").selectAll().where("id", "=", id).executeTakeFirst();
      return row && toAdmin(row);
    },

    /** Throws when an admin with the same email (in any case) exists. */
    async create(admin: NewAdmin): Promise<AdminRecord> {
      const now = nowIso();
      const row = await db
        .insertInto("admins")
        .values({
          id: newId(),
          email: normalizeEmail(admin.email),
          password_hash: admin.passwordHash,
          must_change_password: admin.mustChangePassword ? 1 : 0,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toAdmin(row);
    },

    /** Replaces the hash and sets must_change_password; returns whether the admin exists. */
    async updatePassword(id: string, passwordHash: string, options: { mustChangePassword: boolean }): Promise<boolean> {
      const result = await db
        .updateTable("admins")
        .set({ password_hash: passwordHash, must_change_password: options.mustChangePassword ? 1 : 0, updated_at: nowIso() })
        .where("id", "=", id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The email of the admin created first (the default notification address); undefined while there is none. */
    async firstEmail(): Promise<string | undefined> {
      const row = await db.selectFrom("admins").select("email").orderBy("created_at").orderBy("id").limit(1).executeTakeFirst();
      return row?.email;
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom("admins")
        .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
