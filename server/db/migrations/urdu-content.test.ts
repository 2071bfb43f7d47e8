import type { Kysely } from "kysely";
import { describe, expect, test } from "vitest";
import { useContentEditor } from "#tests/shared/content-editor-kit.ts";
import { publishedAnnouncement } from "#tests/shared/announcement-values.ts";
import { testEngines } from "#tests/shared/test-database.ts";
import { newId } from "#server/db/ids.ts";
import { announcementsRepo } from "#server/repos/announcements.ts";
import { siteContentRepo } from "#server/repos/site-content.ts";
import { listLive } from "#server/services/announcements/public-reads.ts";
import { down, up } from "./2026-12-07T02-00-00_urdu-content";

describe.each(testEngines())("the Urdu content migration on %s", (engine) => {
  const kit = useContentEditor(engine);

  test("content written before it has no Urdu texts: the Urdu pages show the English ones", async () => {
    const id = newId();
    await announcementsRepo(kit.db).create(
      id,
      publishedAnnouncement({ title: "Blood drive", description: "Camp on Saturday" }),
      "2026-12-01T10:00:00.000Z",
    );
    const db = kit.db.withoutPlugins() as Kysely<unknown>;
    await down(db);
    await up(db);
    await siteContentRepo(kit.db).raiseVersion();

    // The committee's texts, that is: the site's own words and dates are the Urdu page's (site-content.test.ts).
    const site = kit.publicContent();
    expect(await site.home("ur")).toEqual(await site.home());
    const texts = (page: { name: string; description: string | null } | undefined) => ({
      name: page?.name,
      description: page?.description,
    });
    expect(texts(await site.galleryPage("med-doc", "ur"))).toEqual(texts(await site.galleryPage("med-doc")));
    const reads = { db: kit.db, siteTimeZone: "Asia/Karachi" };
    const written = (cards: Awaited<ReturnType<typeof listLive>>) =>
      cards.map(({ id, heading, description }) => ({ id, heading, description }));
    expect(written(await listLive(reads, "ur"))).toEqual(written(await listLive(reads)));
    expect((await listLive(reads, "ur"))[0]).toMatchObject({ id, heading: "Blood drive" });
  });
});
