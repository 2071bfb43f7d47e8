import type { Kysely, Updateable } from "kysely";
import { newId, nowIso } from "#server/db/ids.ts";
import { type AdminRole, isAdminRole } from "#core/admin-roles.ts";
import type { AdminRow, AdminsTable, Database } from "#server/db/schema.ts";
import { countRows } from "./count-rows";

/** An admin account as stored, hash included: only login and password changes need the hash. */
export interface AdminRecord extends Omit<AdminRow, "mustChangePassword" | "role" | "totpLastStep" | "bloodCoordinator"> {
  mustChangePassword: boolean;
  role: AdminRole;
  /** Given the Blood coordinator permission by an Owner. */
  bloodCoordinator: boolean;
}

export interface NewAdmin {
  email: string;
  passwordHash: string;
  mustChangePassword?: boolean;
  name?: string | null;
  role?: AdminRole;
  passwordExpiresAt?: string | null;
}

/** Emails are compared case-insensitively: stored and looked up trimmed and lower-cased. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

const toAdmin = ({ totpLastStep: _, ...row }: AdminRow): AdminRecord => ({
  ...row,
  mustChangePassword: row.mustChangePassword === 1,
  // An unknown role (written by a newer version) gets the lesser rights.
  role: isAdminRole(row.role) ? row.role : "editor",
  bloodCoordinator: row.bloodCoordinator === 1,
});

export function adminsRepo(db: Kysely<Database>) {
  /** Changes the account, `updatedAt` saying when: whether the admin exists. */
  const change = async (id: string, values: Updateable<AdminsTable>): Promise<boolean> => {
    const result = await db
      .updateTable("admins")
      .set({ ...values, updatedAt: nowIso() })
      .where("id", "=", id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  };

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
          passwordHash: admin.passwordHash,
          mustChangePassword: admin.mustChangePassword ? 1 : 0,
          name: admin.name ?? null,
          role: admin.role ?? "owner",
          passwordExpiresAt: admin.passwordExpiresAt ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toAdmin(row);
    },

    /** Every account, Owners first, then by name or email. */
    async list(): Promise<AdminRecord[]> {
      const rows = await db.selectFrom("admins").selectAll().orderBy("role", "desc").orderBy("email").execute();
      return rows.map(toAdmin);
    },

    /** Replaces the hash and sets mustChangePassword (a chosen password never expires); whether the admin exists. */
    async updatePassword(id: string, passwordHash: string, options: { mustChangePassword: boolean }): Promise<boolean> {
      return change(id, { passwordHash, mustChangePassword: options.mustChangePassword ? 1 : 0, passwordExpiresAt: null });
    },

    async setRole(id: string, role: AdminRole): Promise<boolean> {
      return change(id, { role });
    },

    async setBloodCoordinator(id: string, coordinator: boolean): Promise<boolean> {
      return change(id, { bloodCoordinator: coordinator ? 1 : 0 });
    },

    /** `disabledAt` null enables the account again. */
    async setDisabled(id: string, disabledAt: string | null): Promise<boolean> {
      return change(id, { disabledAt });
    },

    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom("admins").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Starts setting up an authenticator app (replacing an unconfirmed secret); refused while one is in force. */
    async setPendingTotpSecret(id: string, secret: string, startedAt: string = nowIso()): Promise<boolean> {
      const result = await db
        .updateTable("admins")
        .set({ totpSecret: secret, totpEnabledAt: null, totpLastStep: null, totpSetupStartedAt: startedAt, updatedAt: nowIso() })
        .where("id", "=", id)
        .where("totpEnabledAt", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Puts the pending secret in force, with the step of the code that confirmed it as already used. */
    async enableTotp(id: string, at: string, step: number): Promise<boolean> {
      const result = await db
        .updateTable("admins")
        .set({ totpEnabledAt: at, totpLastStep: step, updatedAt: nowIso() })
        .where("id", "=", id)
        .where("totpSecret", "is not", null)
        .where("totpEnabledAt", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async disableTotp(id: string): Promise<void> {
      await change(id, { totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    },

    /**
     * Takes a code's 30-second step as used, if no code of that step or a later one was: true for exactly one of any
     * number of requests racing with the same code.
     */
    async acceptTotpStep(id: string, step: number): Promise<boolean> {
      const result = await db
        .updateTable("admins")
        .set({ totpLastStep: step })
        .where("id", "=", id)
        .where((eb) => eb.or([eb("totpLastStep", "is", null), eb("totpLastStep", "<", step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Every stored authenticator secret (being set up or in force), with its admin. */
    async totpSecrets(): Promise<{ id: string; totpSecret: string }[]> {
      const rows = await db.selectFrom("admins").select(["id", "totpSecret"]).where("totpSecret", "is not", null).execute();
      return rows.map((row) => ({ id: row.id, totpSecret: row.totpSecret! }));
    },

    /** Stores the secret in another form (encrypted) if it is still `from`; whether it was. */
    async replaceTotpSecret(id: string, from: string, to: string): Promise<boolean> {
      const result = await db
        .updateTable("admins")
        .set({ totpSecret: to })
        .where("id", "=", id)
        .where("totpSecret", "=", from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async recordSignIn(id: string, at: string): Promise<void> {
      await db.updateTable("admins").set({ lastSignInAt: at }).where("id", "=", id).execute();
    },

    /** Owners who can sign in: the site always keeps at least one. */
    async enabledOwnerCount(): Promise<number> {
      return countRows(db.selectFrom("admins").where("role", "=", "owner").where("disabledAt", "is", null));
    },

    /** The email of the admin created first (the default notification address); undefined while there is none. */
    async firstEmail(): Promise<string | undefined> {
      const row = await db.selectFrom("admins").select("email").orderBy("createdAt").orderBy("id").limit(1).executeTakeFirst();
      return row?.email;
    },

    async count(): Promise<number> {
      return countRows(db.selectFrom("admins"));
    },
  };
}
