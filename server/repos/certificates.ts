import type { Selectable } from "kysely";
import type { CertificatesTable } from "#server/db/schema.ts";
import type { Db } from "./db";

export type Certificate = Selectable<CertificatesTable>;

/** Certificates of attendance: issued, found by number, listed per event, revoked or replaced. */
export function certificatesRepo(db: Db) {
  return {
    async create(certificate: Certificate): Promise<void> {
      await db.insertInto("certificates").values(certificate).execute();
    },

    findById(id: string): Promise<Certificate | undefined> {
      return db.selectFrom("certificates").selectAll().where("id", "=", id).executeTakeFirst();
    },

    findByNumber(number: string): Promise<Certificate | undefined> {
      return db.selectFrom("certificates").selectAll().where("number", "=", number).executeTakeFirst();
    },

    /** An event's certificates, newest first, ended ones too. */
    listFor(announcementId: string): Promise<Certificate[]> {
      return db
        .selectFrom("certificates")
        .selectAll()
        .where("announcementId", "=", announcementId)
        .orderBy("issuedAt", "desc")
        .orderBy("name")
        .orderBy("id")
        .execute();
    },

    /** The registrations of an event that hold a valid certificate. */
    async registrationsCertified(announcementId: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom("certificates")
        .select("registrationId")
        .where("announcementId", "=", announcementId)
        .where("status", "=", "valid")
        .where("registrationId", "is not", null)
        .execute();
      return new Set(rows.map((row) => row.registrationId ?? ""));
    },

    /** Ends a valid certificate (revoked, or replaced by a corrected one): whether it was valid. */
    async end(id: string, status: "revoked" | "replaced", at: string): Promise<boolean> {
      const result = await db
        .updateTable("certificates")
        .set({ status, endedAt: at })
        .where("id", "=", id)
        .where("status", "=", "valid")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Deletes certificates (erasing a person's data): the ids that went. */
    async delete(ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db.deleteFrom("certificates").where("id", "in", ids).returning("id").execute();
      return rows.map((row) => row.id);
    },

    /** How an event's certificate mails stand: waiting or being sent, sent, and given up on. */
    async mailProgress(announcementId: string): Promise<{ waiting: number; sent: number; dead: number }> {
      const rows = await db
        .selectFrom("mailOutbox")
        .innerJoin("certificates", "certificates.id", "mailOutbox.recordId")
        .select(["mailOutbox.status", (eb) => eb.fn.countAll<number | string | bigint>().as("count")])
        .where("certificates.announcementId", "=", announcementId)
        .where("mailOutbox.kind", "=", "certificate")
        .groupBy("mailOutbox.status")
        .execute();
      const count = (...statuses: string[]) =>
        rows.filter((row) => statuses.includes(row.status)).reduce((sum, row) => sum + Number(row.count), 0);
      return { waiting: count("waiting", "sending"), sent: count("sent"), dead: count("dead") };
    },
  };
}
