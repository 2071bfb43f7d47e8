import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

const SETTINGS_ID = "site";

export interface SiteSettings {
  joinUsVisible: boolean;
}

/** The mail settings as stored: null where the committee kept the default. */
export interface StoredMailSettings {
  notificationEmail: string | null;
  confirmation: { enabled: boolean; subject: string | null; text: string | null };
}

export function settingsRepo(db: Kysely<Database>) {
  const secretsKeyFingerprint = async (): Promise<string | null> => {
    const row = await db.selectFrom("settings").select("secrets_key_fingerprint").where("id", "=", SETTINGS_ID).executeTakeFirst();
    return row?.secrets_key_fingerprint ?? null;
  };

  return {
    async get(): Promise<SiteSettings> {
      const row = await db.selectFrom("settings").select("join_us_visible").where("id", "=", SETTINGS_ID).executeTakeFirst();
      // The migration writes the row; should it ever be missing, the spec's default applies.
      return { joinUsVisible: row ? row.join_us_visible === 1 : true };
    },

    /** Whether every admin must sign in with two factors. */
    async twoFactorRequired(): Promise<boolean> {
      const row = await db.selectFrom("settings").select("two_factor_required").where("id", "=", SETTINGS_ID).executeTakeFirst();
      return row?.two_factor_required === 1;
    },

    async setTwoFactorRequired(required: boolean): Promise<void> {
      await db
        .updateTable("settings")
        .set({ two_factor_required: required ? 1 : 0, updated_at: new Date().toISOString() })
        .where("id", "=", SETTINGS_ID)
        .execute();
    },

    /** How many months requests and messages are kept; null: until deleted by hand. */
    async retentionMonths(): Promise<number | null> {
      const row = await db.selectFrom("settings").select("retention_months").where("id", "=", SETTINGS_ID).executeTakeFirst();
      return row ? row.retention_months : null;
    },

    async setRetentionMonths(months: number | null): Promise<void> {
      await db
        .updateTable("settings")
        .set({ retention_months: months, updated_at: new Date().toISOString() })
        .where("id", "=", SETTINGS_ID)
        .execute();
    },

    /**
     * Takes the daily retention sweep for the caller when no instance took it in the `everyMs` before `now`: one
     * conditional UPDATE, which of several instances asking at once exactly one wins.
     */
    async claimRetentionSweep(now: Date, everyMs: number): Promise<boolean> {
      const before = new Date(now.getTime() - everyMs).toISOString();
      const result = await db
        .updateTable("settings")
        .set({ retention_swept_at: now.toISOString() })
        .where("id", "=", SETTINGS_ID)
        .where((eb) => eb.or([eb("retention_swept_at", "is", null), eb("retention_swept_at", "<=", before)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Gives back a claim taken at `claimedAt` (its sweep failed), so the next round takes it again. */
    async releaseRetentionSweep(claimedAt: Date): Promise<void> {
      await db
        .updateTable("settings")
        .set({ retention_swept_at: null })
        .where("id", "=", SETTINGS_ID)
        .where("retention_swept_at", "=", claimedAt.toISOString())
        .execute();
    },

    async mailSettings(): Promise<StoredMailSettings> {
      const row = await db
        .selectFrom("settings")
        .select(["notification_email", "confirmation_enabled", "confirmation_subject", "confirmation_text"])
        .where("id", "=", SETTINGS_ID)
        .executeTakeFirst();
      return {
        notificationEmail: row?.notification_email ?? null,
        confirmation: {
          enabled: row ? row.confirmation_enabled === 1 : true,
          subject: row?.confirmation_subject ?? null,
          text: row?.confirmation_text ?? null,
        },
      };
    },

    /** null: back to the default address. */
    async setNotificationEmail(email: string | null): Promise<void> {
      await db
        .updateTable("settings")
        .set({ notification_email: email, updated_at: new Date().toISOString() })
        .where("id", "=", SETTINGS_ID)
        .execute();
    },

    async setConfirmation({ enabled, subject, text }: { enabled: boolean; subject: string; text: string }): Promise<void> {
      await db
        .updateTable("settings")
        .set({
          confirmation_enabled: enabled ? 1 : 0,
          confirmation_subject: subject,
          confirmation_text: text,
          updated_at: new Date().toISOString(),
        })
        .where("id", "=", SETTINGS_ID)
        .execute();
    },

    /** The fingerprint of the secrets key the database's secrets and codes were made with; null before any. */
    secretsKeyFingerprint,

    /**
     * Records `fingerprint` as the database's secrets key unless one is recorded already; answers the one recorded now
     * (of several instances starting at once with different keys, exactly one key is taken).
     */
    async claimSecretsKeyFingerprint(fingerprint: string): Promise<string | null> {
      await db
        .updateTable("settings")
        .set({ secrets_key_fingerprint: fingerprint })
        .where("id", "=", SETTINGS_ID)
        .where("secrets_key_fingerprint", "is", null)
        .execute();
      return secretsKeyFingerprint();
    },

    /** The secrets key was lost: the next start records the key it is given. */
    async forgetSecretsKeyFingerprint(): Promise<void> {
      await db.updateTable("settings").set({ secrets_key_fingerprint: null }).where("id", "=", SETTINGS_ID).execute();
    },

    /** Stores the value and returns what is now stored. */
    async setJoinUsVisible(visible: boolean): Promise<SiteSettings> {
      const row = await db
        .updateTable("settings")
        .set({ join_us_visible: visible ? 1 : 0, updated_at: new Date().toISOString() })
        .where("id", "=", SETTINGS_ID)
        .returning("join_us_visible")
        .executeTakeFirstOrThrow();
      return { joinUsVisible: row.join_us_visible === 1 };
    },
  };
}
