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

  test("the content is read once per version, for every language: an edit raises it, and the next request reads the edit", async () => {
    const { service, state } = counted();
    expect((await service.chrome()).siteName).toBe("Test Society");
    await service.home();
    await service.eventGalleries();
    expect(await service.home("ur")).toBe(await service.home("ur"));
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

  test("an Urdu page shows each text written in Urdu, field by field, and the English one where none is", async () => {
    const editor = kit.editor();
    const { details } = (await editor.home())!;
    // A tagline in Urdu; the hero text left empty; the mission stored as spaces alone (none written either).
    expect(await editor.saveDetails({ ...details, taglineUr: "طلبہ کی خدمت میں", heroTextUr: "" }, ACTOR)).toEqual({ ok: true });
    await kit.db.updateTable("siteDetails").set({ missionUr: "   " }).execute();
    // Sara Malik's title in Urdu, not her description.
    const [sara] = await editor.team.list();
    const { id, version, name, title, description } = sara!;
    expect((await editor.team.save({ id, version, name, title, description, titleUr: "سیکرٹری" }, undefined, ACTOR)).ok).toBe(true);
    // Med Doc's name in Urdu, not its description.
    const medDoc = (await editor.galleries.list()).galleries.find((g) => g.slug === "med-doc")!;
    const gallery = { id: medDoc.id, version: medDoc.version, kind: medDoc.kind, name: medDoc.name, date: medDoc.date };
    expect((await editor.galleries.save({ ...gallery, description: medDoc.description, nameUr: "میڈ ڈاک" }, ACTOR)).ok).toBe(true);

    const site = kit.publicContent();
    const [english, urdu] = [await site.home(), await site.home("ur")];
    expect([(await site.chrome("ur")).tagline, urdu.hero.tagline, urdu.hero.heroText, urdu.about.mission]).toEqual([
      "طلبہ کی خدمت میں",
      "طلبہ کی خدمت میں",
      "Hero text",
      "Our mission",
    ]);
    expect(urdu.about.team[0]).toEqual({ ...english.about.team[0], title: "سیکرٹری", description: "Line one\nLine two" });
    expect(urdu.about.goals).toEqual(english.about.goals);
    expect((await site.chrome("ur")).eventsMenu).toEqual([{ label: "میڈ ڈاک", to: "/events-and-activities/med-doc" }]);
    expect((await site.eventGalleries("ur")).events.map((g) => g.name)).toEqual(["میڈ ڈاک"]);
    const [pageInEnglish, pageInUrdu] = [(await site.galleryPage("med-doc"))!, (await site.galleryPage("med-doc", "ur"))!];
    expect(pageInUrdu).toMatchObject({ name: "میڈ ڈاک", description: "The yearly medical documentary night." });
    // Its date in Urdu's month names too.
    expect(pageInUrdu.whatsAppMessage).toBe(pageInEnglish.whatsAppMessage.replace("*Med Doc*", "*میڈ ڈاک*").replace("March", "مارچ"));
    // Images are described as they are on the English pages.
    expect(pageInUrdu.preview).toEqual(pageInEnglish.preview);

    // The English pages, the default, show the English texts.
    expect([(await site.chrome()).tagline, english.about.team[0]!.title, pageInEnglish.name]).toEqual([
      "Testing together",
      "Secretary",
      "Med Doc",
    ]);
  });
});
