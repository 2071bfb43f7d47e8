import { describe, expect, test } from "vitest";
import { useContentEditor } from "#tests/shared/content-editor-kit.ts";
import { testEngines } from "#tests/shared/test-database.ts";
import { siteContentRepo } from "./site-content";

/** The one row of details saved at its version, and the content version (read and replace whole: import-content.test.ts). */
describe.each(testEngines())("the site's stored content on %s", (engine) => {
  const kit = useContentEditor(engine);
  const repo = () => siteContentRepo(kit.db);

  test("the details are saved only at their version, which the save raises; without content there is nothing to save", async () => {
    const { version } = (await repo().details())!;
    expect(await repo().updateDetails(version, { tagline: "Saved" })).toBe("saved");
    expect(await repo().details()).toMatchObject({ tagline: "Saved", version: version + 1 });
    expect(await repo().updateDetails(version, { tagline: "Stale" })).toBe("conflict");
    expect((await repo().details())!.tagline).toBe("Saved");

    await kit.db.deleteFrom("siteDetails").execute();
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
});
