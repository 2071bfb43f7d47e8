import { describe, expect, test } from "vitest";
import { useContentEditor } from "../../tests/shared/content-editor-kit";
import { testEngines } from "../../tests/shared/test-database";
import { siteContentRepo } from "./site-content";

/** The content tables read and written whole, and the one row of details saved at its version. */
describe.each(testEngines())("the site's stored content on %s", (engine) => {
  const kit = useContentEditor(engine);
  const repo = () => siteContentRepo(kit.db);

  test("the details are saved only at their version, which the save raises; without content there is nothing to save", async () => {
    const { version } = (await repo().details())!;
    expect(await repo().updateDetails(version, { tagline: "Saved" })).toBe("saved");
    expect(await repo().details()).toMatchObject({ tagline: "Saved", version: version + 1 });
    expect(await repo().updateDetails(version, { tagline: "Stale" })).toBe("conflict");
    expect((await repo().details())!.tagline).toBe("Saved");

    await kit.db.deleteFrom("site_details").execute();
    expect(await repo().updateDetails(version + 1, { tagline: "Gone" })).toBe("missing");
    expect(await repo().hasContent()).toBe(false);
    expect(await repo().read()).toBeUndefined();
  });

  test("the content version rises with each write and stays with the writing lock", async () => {
    const before = await repo().version();
    await repo().raiseVersion();
    expect(await repo().version()).toBe(before + 1);
    await kit.db.transaction().execute((trx) => siteContentRepo(trx).lockForWriting());
    expect(await repo().version()).toBe(before + 1);
  });

  test("read gives every list in its order, each gallery with a unique address, its photos and its chosen cover", async () => {
    const site = (await repo().read())!;
    expect(site.goals.map((g) => g.title)).toEqual(["First", "Second"]);
    expect(site.team.map((m) => [m.name, m.image?.id ?? null])).toEqual([
      ["Sara Malik", kit.photoId("team/a.jpg")],
      ["Bilal Ahmed", null],
    ]);
    expect(site.collaborators.map((c) => c.url)).toEqual(["https://partner.example.org/", undefined]);
    expect(site.galleries.map((g) => [g.kind, g.slug, g.photos.length, g.coverIndex])).toEqual([
      ["event", "med-doc", 2, 1],
      ["activity", "sports", 1, null],
      ["activity", "study-circle", 0, null],
      ["explore", "explore-smc", 1, null],
    ]);
    expect(site.documentaryVideo).toMatch(/^content\/video\//);
  });
});
