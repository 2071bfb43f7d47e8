import { describe, expect, test } from "vitest";
import { ACTOR, useContentEditor } from "#tests/shared/content-editor-kit.ts";
import { testEngines } from "#tests/shared/test-database.ts";
import { siteContentRepo } from "#server/repos/site-content.ts";
import { MissingContentError, siteContentService } from "./site-content";

/** What the public pages draw from the stored content, read once per content version. */
describe.each(testEngines())("the public site's content on %s", (engine) => {
  const kit = useContentEditor(engine);

  /** The service over the real repository, counting its reads; `down` makes the database stop answering. */
  function counted() {
    const repo = siteContentRepo(kit.db);
    const state = { reads: 0, down: false, readFails: false };
    const service = siteContentService({
      repo: {
        version: () => (state.down ? Promise.reject(new Error("connection refused")) : repo.version()),
        read: () => {
          state.reads++;
          return state.readFails ? Promise.reject(new Error("read failed")) : repo.read();
        },
      },
      publicUrl: "https://society.example",
    });
    return { service, state };
  }

  test("the content is read once per version: an edit raises it, and the next request reads the edit", async () => {
    const { service, state } = counted();
    expect((await service.chrome()).siteName).toBe("Test Society");
    await service.home();
    await service.eventGalleries();
    expect(state.reads).toBe(1);

    const [goal] = await kit.editor().goals.list();
    await kit.editor().goals.save({ ...goal!, title: "Read again" }, ACTOR);
    expect((await service.home()).about.goals[0]!.title).toBe("Read again");
    expect(state.reads).toBe(2);
  });

  test("while the database does not answer, pages are drawn from the content last read; a failed read is read again", async () => {
    const { service, state } = counted();
    state.down = true;
    await expect(service.home()).rejects.toThrow("connection refused");
    state.down = false;
    state.readFails = true;
    await expect(service.home()).rejects.toThrow("read failed");
    state.readFails = false;
    expect((await service.home()).about.mission).toBe("Our mission");
    state.down = true;
    expect((await service.home()).about.mission).toBe("Our mission");
  });

  test("a site with no content fails loudly, naming the import", async () => {
    await kit.db.deleteFrom("siteDetails").execute();
    await expect(siteContentService({ repo: siteContentRepo(kit.db), publicUrl: "" }).home()).rejects.toBeInstanceOf(MissingContentError);
  });

  test("what the pages leave out (galleries without photos), what the menus lead to, and how photos are named", async () => {
    let site = kit.publicContent();
    expect(await site.chrome()).toMatchObject({
      hasCollaborators: true,
      resourcesMenu: [{ label: "Notes", url: "https://example.org/" }],
      eventsMenu: [{ label: "Med Doc", to: "/events-and-activities/med-doc" }],
      activitiesMenu: [{ label: "Sports", to: "/events-and-activities/sports" }],
    });
    expect(await site.galleryPaths()).toEqual(["/events-and-activities/med-doc", "/events-and-activities/sports"]);
    expect(await site.galleryPage("study-circle")).toBeUndefined();
    // Med Doc's chosen cover (its second photo) is its link preview; the photos keep the alt text written for them.
    const medDoc = (await site.galleryPage("med-doc"))!;
    expect(medDoc.photos.map((p) => p.alt)).toEqual([undefined, "The audience at Med Doc"]);
    expect((await site.explorePhotos()).map((p) => p.alt)).toEqual(["The college gate"]);
    expect(await site.localAddressLabel()).toBe("Local Address");
    expect(await site.joinQuestions()).toEqual(["Q1", "Q2", "Q3", "Q4", "Q5", "Q6"]);
    // A team card that shows the logo is described as the logo is.
    await kit.db
      .updateTable("teamMembers")
      .set({ imageId: kit.photoId("logo.png") })
      .where("name", "=", "Bilal Ahmed")
      .execute();
    await siteContentRepo(kit.db).raiseVersion();
    site = kit.publicContent();
    expect((await site.home()).about.team.map((m) => m.image?.alt)).toEqual(["Sara Malik", "Test Society logo"]);
  });
});
