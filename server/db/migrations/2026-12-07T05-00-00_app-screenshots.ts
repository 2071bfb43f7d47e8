import type { Kysely } from "kysely";

/**
 * The screenshots of the site the web app manifest lists for Chrome's install dialog, beside the logo in the site's
 * details: one taken on a phone ("narrow") and one on a computer ("wide"), each an image and its label. Both optional:
 * null is none uploaded (a site made before this has none, and its manifest lists none).
 */
const FORM_FACTORS = ["narrow", "wide"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const formFactor of FORM_FACTORS) {
    await db.schema
      .alterTable("site_details")
      .addColumn(`${formFactor}_screenshot_image_id`, "text", (c) => c.references("images.id"))
      .execute();
    await db.schema.alterTable("site_details").addColumn(`${formFactor}_screenshot_label`, "text").execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const formFactor of [...FORM_FACTORS].reverse()) {
    await db.schema.alterTable("site_details").dropColumn(`${formFactor}_screenshot_label`).execute();
    await db.schema.alterTable("site_details").dropColumn(`${formFactor}_screenshot_image_id`).execute();
  }
}
