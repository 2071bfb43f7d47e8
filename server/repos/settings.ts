import { DEFAULT_DONATION_INTERVAL_DAYS, type DonationInterval } from "#core/blood/eligibility.ts";
import type { Kysely, Updateable } from "kysely";
import type { Database, SettingsTable } from "#server/db/schema.ts";

const SETTINGS_ID = "site";

export interface SiteSettings {
  joinUsVisible: boolean;
}

/** The mail settings as stored: null where the committee kept the default. */
export interface StoredMailSettings {
  notificationEmail: string | null;
  confirmation: ConfirmationWording & { enabled: boolean };
}

/** The confirmation mail's subject and text as stored, in English and in Urdu: null where none was written. */
export interface ConfirmationWording {
  subject: string | null;
  text: string | null;
  subjectUr: string | null;
  textUr: string | null;
}

export function settingsRepo(db: Kysely<Database>) {
  /** The one row of settings, to select from. */
  const settingsRow = () => db.selectFrom("settings").where("id", "=", SETTINGS_ID);

  /** Changes the settings, `updatedAt` saying when. */
  const change = async (values: Updateable<SettingsTable>): Promise<void> => {
    await db
      .updateTable("settings")
      .set({ ...values, updatedAt: new Date().toISOString() })
      .where("id", "=", SETTINGS_ID)
      .execute();
  };

  const secretsKeyFingerprint = async (): Promise<string | null> => {
    const row = await settingsRow().select("secretsKeyFingerprint").executeTakeFirst();
    return row?.secretsKeyFingerprint ?? null;
  };

  return {
    async get(): Promise<SiteSettings> {
      const row = await settingsRow().select("joinUsVisible").executeTakeFirst();
      // The migration writes the row; should it ever be missing, the spec's default applies.
      return { joinUsVisible: row ? row.joinUsVisible === 1 : true };
    },

    /** Whether every admin must sign in with two factors. */
    async twoFactorRequired(): Promise<boolean> {
      const row = await settingsRow().select("twoFactorRequired").executeTakeFirst();
      return row?.twoFactorRequired === 1;
    },

    async setTwoFactorRequired(required: boolean): Promise<void> {
      await change({ twoFactorRequired: required ? 1 : 0 });
    },

    /** The donation intervals in days: an Owner's, or the defaults. */
    async donationIntervals(): Promise<Record<DonationInterval, number>> {
      const row = await settingsRow().select(["bloodIntervalMenDays", "bloodIntervalWomenDays"]).executeTakeFirst();
      return {
        men: row?.bloodIntervalMenDays ?? DEFAULT_DONATION_INTERVAL_DAYS.men,
        women: row?.bloodIntervalWomenDays ?? DEFAULT_DONATION_INTERVAL_DAYS.women,
      };
    },

    async setDonationIntervals(days: Record<DonationInterval, number>): Promise<void> {
      await change({ bloodIntervalMenDays: days.men, bloodIntervalWomenDays: days.women });
    },

    /** The current member session as an Owner named it; null: none named yet. */
    async memberSession(): Promise<string | null> {
      const row = await settingsRow().select("memberSession").executeTakeFirst();
      return row?.memberSession ?? null;
    },

    async setMemberSession(session: string): Promise<void> {
      await change({ memberSession: session });
    },

    /** Who signs certificates of attendance, as an Owner set them, and their signature image's key; null until set. */
    async certificateSignatory(): Promise<{ name: string; title: string; signatureKey: string | null } | null> {
      const row = await settingsRow()
        .select(["certificateSignatoryName", "certificateSignatoryTitle", "certificateSignatureKey"])
        .executeTakeFirst();
      if (!row?.certificateSignatoryName) return null;
      return { name: row.certificateSignatoryName, title: row.certificateSignatoryTitle ?? "", signatureKey: row.certificateSignatureKey };
    },

    /** Sets who signs certificates; `signatureKey` too when given (null: none printed), else it stays as it is. */
    async setCertificateSignatory(signatory: { name: string; title: string; signatureKey?: string | null }): Promise<void> {
      const { name, title, signatureKey } = signatory;
      await change({
        certificateSignatoryName: name,
        certificateSignatoryTitle: title,
        ...(signatureKey === undefined ? {} : { certificateSignatureKey: signatureKey }),
      });
    },

    /** How many months requests and messages are kept; null: until deleted by hand. */
    async retentionMonths(): Promise<number | null> {
      const row = await settingsRow().select("retentionMonths").executeTakeFirst();
      return row ? row.retentionMonths : null;
    },

    async setRetentionMonths(months: number | null): Promise<void> {
      await change({ retentionMonths: months });
    },

    /**
     * Takes the daily retention sweep for the caller when no instance took it in the `everyMs` before `now`: one
     * conditional UPDATE, which of several instances asking at once exactly one wins.
     */
    async claimRetentionSweep(now: Date, everyMs: number): Promise<boolean> {
      const before = new Date(now.getTime() - everyMs).toISOString();
      const result = await db
        .updateTable("settings")
        .set({ retentionSweptAt: now.toISOString() })
        .where("id", "=", SETTINGS_ID)
        .where((eb) => eb.or([eb("retentionSweptAt", "is", null), eb("retentionSweptAt", "<=", before)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Gives back a claim taken at `claimedAt` (its sweep failed), so the next round takes it again. */
    async releaseRetentionSweep(claimedAt: Date): Promise<void> {
      await db
        .updateTable("settings")
        .set({ retentionSweptAt: null })
        .where("id", "=", SETTINGS_ID)
        .where("retentionSweptAt", "=", claimedAt.toISOString())
        .execute();
    },

    async mailSettings(): Promise<StoredMailSettings> {
      const row = await settingsRow()
        .select([
          "notificationEmail",
          "confirmationEnabled",
          "confirmationSubject",
          "confirmationText",
          "confirmationSubjectUr",
          "confirmationTextUr",
        ])
        .executeTakeFirst();
      return {
        notificationEmail: row?.notificationEmail ?? null,
        confirmation: {
          enabled: row ? row.confirmationEnabled === 1 : true,
          subject: row?.confirmationSubject ?? null,
          text: row?.confirmationText ?? null,
          subjectUr: row?.confirmationSubjectUr ?? null,
          textUr: row?.confirmationTextUr ?? null,
        },
      };
    },

    /** null: back to the default address. */
    async setNotificationEmail(email: string | null): Promise<void> {
      await change({ notificationEmail: email });
    },

    /** `subjectUr`, `textUr`: null where none is written in Urdu. */
    async setConfirmation({ enabled, subject, text, subjectUr, textUr }: StoredMailSettings["confirmation"]): Promise<void> {
      await change({
        confirmationEnabled: enabled ? 1 : 0,
        confirmationSubject: subject,
        confirmationText: text,
        confirmationSubjectUr: subjectUr,
        confirmationTextUr: textUr,
      });
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
        .set({ secretsKeyFingerprint: fingerprint })
        .where("id", "=", SETTINGS_ID)
        .where("secretsKeyFingerprint", "is", null)
        .execute();
      return secretsKeyFingerprint();
    },

    /** The secrets key was lost: the next start records the key it is given. */
    async forgetSecretsKeyFingerprint(): Promise<void> {
      await db.updateTable("settings").set({ secretsKeyFingerprint: null }).where("id", "=", SETTINGS_ID).execute();
    },

    /** The VAPID key pair as stored (its private key encrypted); undefined before the first start made one. */
    async vapidKeys(): Promise<{ publicKey: string; sealedPrivateKey: string } | undefined> {
      const row = await settingsRow().select(["vapidPublicKey", "vapidPrivateKey"]).executeTakeFirst();
      return row?.vapidPublicKey && row.vapidPrivateKey
        ? { publicKey: row.vapidPublicKey, sealedPrivateKey: row.vapidPrivateKey }
        : undefined;
    },

    /**
     * Stores a VAPID key pair unless one is stored already: one conditional UPDATE, so of several instances starting
     * at once exactly one pair is kept (each then reads it back).
     */
    async claimVapidKeys(publicKey: string, sealedPrivateKey: string): Promise<void> {
      await db
        .updateTable("settings")
        .set({ vapidPublicKey: publicKey, vapidPrivateKey: sealedPrivateKey })
        .where("id", "=", SETTINGS_ID)
        .where("vapidPublicKey", "is", null)
        .execute();
    },

    /** The secrets key that sealed the VAPID private key was lost: the next start makes a new pair. */
    async forgetVapidKeys(): Promise<void> {
      await db.updateTable("settings").set({ vapidPublicKey: null, vapidPrivateKey: null }).where("id", "=", SETTINGS_ID).execute();
    },

    /** Stores the value and returns what is now stored. */
    async setJoinUsVisible(visible: boolean): Promise<SiteSettings> {
      const row = await db
        .updateTable("settings")
        .set({ joinUsVisible: visible ? 1 : 0, updatedAt: new Date().toISOString() })
        .where("id", "=", SETTINGS_ID)
        .returning("joinUsVisible")
        .executeTakeFirstOrThrow();
      return { joinUsVisible: row.joinUsVisible === 1 };
    },
  };
}

export type SettingsRepo = ReturnType<typeof settingsRepo>;
