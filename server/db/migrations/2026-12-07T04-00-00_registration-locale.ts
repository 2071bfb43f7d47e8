import type { Kysely } from "kysely";

/**
 * The language a person registered in: the language of the registration page they sent (`en`, or `ur` from the Urdu
 * site). Their mails are written in it, the ones sent later too (moved up from the waiting list). Registrations made
 * before this were made in English.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("registrations")
    .addColumn("locale", "text", (column) => column.notNull().defaultTo("en"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("registrations").dropColumn("locale").execute();
}
