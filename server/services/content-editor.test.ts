import sharp from "sharp";
import { describe, expect, test } from "vitest";

import { ACTOR, MISSING, STALE, gif, photo, useContentEditor } from "#tests/shared/content-editor-kit.ts";
import { IPHONE_HEIC } from "#tests/shared/iphone-heic.ts";
import { testEngines } from "#tests/shared/test-database.ts";
import { newId } from "#server/db/ids.ts";
import type { ContentEditor } from "./content-editor";
import type { EditResult, PhotoEditResult } from "./content-edits";

import { PHOTO_FORMATS_MESSAGE } from "#core/messages/content.ts";
type Editor = ContentEditor;
type Item = { id: string; version: number };

/**
 * Each list the admin edits, as its screen saves an item (a new one from `name` alone, or an edit at a version) and as
 * the public home page then shows the list (by the same names, in order).
 */
const LISTS = [
  {
    list: "goals",
    audited: "goal",
    items: async (editor: Editor) => (await editor.goals.list()).map(({ id, version, title }) => ({ id, version, name: title })),
    save: (editor: Editor, name: string, item: Partial<Item> = {}) =>
      editor.goals.save({ ...item, title: name, description: `${name}, described` }, ACTOR),
    shown: async (home: HomeOf) => home.about.goals.map((goal) => goal.title),
  },
  {
    list: "social-links",
    audited: "social-link",
    items: async (editor: Editor) => (await editor.socialLinks.list()).map(({ id, version, label }) => ({ id, version, name: label })),
    save: (editor: Editor, name: string, item: Partial<Item> = {}) =>
      editor.socialLinks.save({ ...item, network: "instagram", label: name, url: "https://instagram.example/x" }, ACTOR),
    shown: async (home: HomeOf) => home.hero.socialLinks.map((link) => link.label),
  },
  {
    list: "team",
    audited: "team-member",
    items: async (editor: Editor) => (await editor.team.list()).map(({ id, version, name }) => ({ id, version, name })),
    save: (editor: Editor, name: string, item: Partial<Item> = {}) =>
      editor.team.save({ ...item, name, title: "Member" }, undefined, ACTOR),
    shown: async (home: HomeOf) => home.about.team.map((member) => member.name),
  },
  {
    list: "collaborators",
    audited: "collaborator",
    items: async (editor: Editor) => (await editor.collaborators.list()).map(({ id, version, name }) => ({ id, version, name })),
    // A new collaborator has a logo (its screen asks for one).
    save: async (editor: Editor, name: string, item: Partial<Item> = {}) =>
      editor.collaborators.save({ ...item, name, description: "Helps" }, item.id ? undefined : await photo(), ACTOR),
    shown: async (home: HomeOf) => home.collaborators.map((c) => c.name),
  },
  {
    list: "resources",
    audited: "resource",
    items: async (editor: Editor) => (await editor.resources.list()).map(({ id, version, title }) => ({ id, version, name: title })),
    save: async (editor: Editor, name: string, item: Partial<Item> = {}) =>
      editor.resources.save(
        { ...item, title: name, menuLabel: name, url: "https://drive.example/x" },
        item.id ? undefined : await photo(),
        ACTOR,
      ),
    shown: async (home: HomeOf) => home.resources.cards.map((card) => card.title),
  },
] as const;

type HomeOf = Awaited<ReturnType<ReturnType<ReturnType<typeof useContentEditor>["publicContent"]>["home"]>>;
const savedId = (result: EditResult | PhotoEditResult) => {
  if (!result.ok || !result.id) throw new Error(`not saved: ${JSON.stringify(result)}`);
  return result.id;
};

describe.each(testEngines())("the admin's content edits on %s", (engine) => {
  const kit = useContentEditor(engine);
  const shown = async (list: (typeof LISTS)[number]) => list.shown(await kit.publicContent().home());

  describe.each(LISTS)("the $list list", (list) => {
    const items = () => list.items(kit.editor());
    const names = async () => (await items()).map((item) => item.name);
    /** The list's items, three at least (the small site has one or two of each). */
    const threeOrMore = async () => {
      for (let n = (await items()).length; n < 3; n++) savedId(await list.save(kit.editor(), `Extra ${n}`));
      return items();
    };

    test("an item added goes last at version 1, recorded, and the public page shows it at once", async () => {
      const [before, version] = [await names(), await kit.contentVersion()];
      const id = savedId(await list.save(kit.editor(), "Added"));
      expect((await items()).at(-1)).toEqual({ id, version: 1, name: "Added" });
      expect(await names()).toEqual([...before, "Added"]);
      expect(await shown(list)).toEqual([...before, "Added"]);
      expect(await kit.contentVersion()).toBe(version + 1);
      expect((await kit.audit()).at(-1)).toEqual({ actor: ACTOR, action: `content.${list.audited}.add`, detail: `${list.audited}=${id}` });
    });

    test("an edit from the stored version is saved and recorded; one from an older copy is refused whole", async () => {
      const [first] = await items();
      expect(await list.save(kit.editor(), "Edited", first)).toEqual({ ok: true, id: first!.id });
      expect((await items())[0]).toEqual({ id: first!.id, version: first!.version + 1, name: "Edited" });
      expect((await shown(list))[0]).toBe("Edited");
      expect((await kit.audit()).at(-1)).toMatchObject({ action: `content.${list.audited}.edit`, detail: `${list.audited}=${first!.id}` });

      const before = await kit.snapshot();
      expect(await list.save(kit.editor(), "Stale", first)).toEqual(STALE);
      expect(await list.save(kit.editor(), "Gone", { id: newId(), version: 1 })).toEqual(MISSING);
      expect(await kit.snapshot()).toEqual(before);
    });

    test("Move up/down swap an item with its neighbour, a drop puts it at a place, each recorded; a move to nowhere changes nothing", async () => {
      const before = await threeOrMore();
      const [first, second] = before;
      const moves = kit.editor().list(list.list)!;
      expect(await moves.move(second!.id, -1, ACTOR)).toEqual({ ok: true });
      expect(await names()).toEqual([second!.name, first!.name, ...before.slice(2).map((item) => item.name)]);
      expect(await shown(list)).toEqual(await names());
      expect((await kit.audit()).at(-1)).toMatchObject({ action: `content.${list.audited}.move`, detail: `${list.audited}=${second!.id}` });
      const last = before.at(-1)!;
      expect(await moves.moveTo(last.id, 0, ACTOR)).toEqual({ ok: true });
      expect((await names())[0]).toBe(last.name);
      expect(await shown(list)).toEqual(await names());
      expect((await kit.audit()).at(-1)).toMatchObject({ detail: `${list.audited}=${last.id} to=0` });

      // Past an end, to where it is already, out of the list, or no such item: nothing changes, nothing is recorded.
      const unchanged = await kit.snapshot();
      expect(await moves.move(last.id, -1, ACTOR)).toEqual(MISSING);
      expect(await moves.move((await items()).at(-1)!.id, 1, ACTOR)).toEqual(MISSING);
      expect(await moves.moveTo(last.id, 0, ACTOR)).toEqual({ ok: true });
      expect(await moves.moveTo(last.id, before.length, ACTOR)).toEqual({ ok: false, reason: "out-of-range", size: before.length });
      for (const id of [newId(), "not-an-id"]) {
        expect(await moves.move(id, 1, ACTOR)).toEqual(MISSING);
        expect(await moves.moveTo(id, 0, ACTOR)).toEqual(MISSING);
      }
      expect(await kit.snapshot()).toEqual(unchanged);
    });

    test("Delete takes the item off the list and the public page, recorded; an unknown one is 'missing'", async () => {
      const [first, ...rest] = await items();
      expect(await kit.editor().list(list.list)!.delete(first!.id, ACTOR)).toEqual({ ok: true });
      expect(await names()).toEqual(rest.map((item) => item.name));
      expect(await shown(list)).toEqual(rest.map((item) => item.name));
      expect((await kit.audit()).at(-1)).toMatchObject({
        action: `content.${list.audited}.delete`,
        detail: `${list.audited}=${first!.id}`,
      });

      const unchanged = await kit.snapshot();
      for (const id of [first!.id, newId(), "not-an-id"]) {
        expect(await kit.editor().list(list.list)!.delete(id, ACTOR)).toEqual(MISSING);
      }
      expect(await kit.snapshot()).toEqual(unchanged);
    });
  });

  test("lists are found by their name in the admin's addresses, and only those", async () => {
    const editor = kit.editor();
    const known = ["goals", "social-links", "team", "collaborators", "resources", "galleries", "gallery-photos"];
    expect(known.filter((name) => editor.list(name))).toEqual(known);
    expect(["nothing", "toString", "__proto__", "constructor"].filter((name) => editor.list(name))).toEqual([]);
    // A goal's id is no item of the team.
    const [goal] = await editor.goals.list();
    const unchanged = await kit.snapshot();
    expect(await editor.list("team")!.moveTo(goal!.id, 0, ACTOR)).toEqual(MISSING);
    expect(await editor.list("team")!.delete(goal!.id, ACTOR)).toEqual(MISSING);
    expect(await kit.snapshot()).toEqual(unchanged);
  });

  test("each list's own fields reach the public page: goals, social links, collaborators' links, resources in the menu", async () => {
    const editor = kit.editor();
    const [goal] = await editor.goals.list();
    await editor.goals.save({ ...goal!, title: "Blood drives", description: "Every month." }, ACTOR);
    const [link] = await editor.socialLinks.list();
    await editor.socialLinks.save({ ...link!, network: "instagram", label: "Alumni", url: "https://www.instagram.com/alumni" }, ACTOR);
    const [linked, unlinked] = await editor.collaborators.list();
    await editor.collaborators.save({ ...linked!, photo: undefined, description: "Unlinked now", url: undefined }, undefined, ACTOR);
    await editor.collaborators.save({ ...unlinked!, photo: undefined, url: "https://green.example.org/" }, undefined, ACTOR);
    const [resource] = await editor.resources.list();
    await editor.resources.save(
      { ...resource!, photo: undefined, title: "Final Year Notes", menuLabel: "Final Year", url: "https://drive.example.org/final" },
      undefined,
      ACTOR,
    );

    const site = kit.publicContent();
    const home = await site.home();
    expect(home.about.goals[0]).toEqual({ title: "Blood drives", description: "Every month." });
    const alumni = { network: "instagram", label: "Alumni", url: "https://www.instagram.com/alumni" };
    expect(home.hero.socialLinks).toEqual([alumni]);
    expect(home.contact.socialLinks).toEqual([alumni]);
    expect(home.collaborators.map(({ name, description, url }) => ({ name, description, url }))).toEqual([
      { name: "Partner", description: "Unlinked now", url: undefined },
      { name: "Unlinked partner", description: "Helps too", url: "https://green.example.org/" },
    ]);
    expect(home.collaborators[0]!.image.alt).toBe("Partner logo");
    expect(home.resources.cards).toMatchObject([{ title: "Final Year Notes", url: "https://drive.example.org/final" }]);
    expect(home.resources.cards[0]!.image.alt).toBe("Illustration for Final Year Notes");
    expect((await site.chrome()).resourcesMenu).toEqual([{ label: "Final Year", url: "https://drive.example.org/final" }]);
    // An edit without a new picture keeps the one it had.
    expect((await editor.resources.list())[0]!.photo?.src).toBe(resource!.photo!.src);
  });

  test("a text written in Urdu is stored with its item's save and shown in its form; emptied, none is stored", async () => {
    const editor = kit.editor();
    const stored = async () => ({
      mission: (await kit.db.selectFrom("siteDetails").select("missionUr").executeTakeFirstOrThrow()).missionUr,
      goal: (await kit.db.selectFrom("contentGoals").select("titleUr").orderBy("position").executeTakeFirstOrThrow()).titleUr,
    });
    const { details } = (await editor.home())!;
    const [goal] = await editor.goals.list();
    expect([details.missionUr, goal!.titleUr, goal!.descriptionUr]).toEqual(["", "", ""]);
    expect(await stored()).toEqual({ mission: null, goal: null });

    expect(await editor.saveDetails({ ...details, missionUr: "ہمارا مشن" }, ACTOR)).toEqual({ ok: true });
    expect(await editor.goals.save({ ...goal!, titleUr: "پہلا" }, ACTOR)).toEqual({ ok: true, id: goal!.id });
    expect(await stored()).toEqual({ mission: "ہمارا مشن", goal: "پہلا" });
    const edited = { details: (await editor.home())!.details, goal: (await editor.goals.list())[0]! };
    expect([edited.details.missionUr, edited.goal.titleUr, edited.goal.version]).toEqual(["ہمارا مشن", "پہلا", goal!.version + 1]);
    expect((await kit.audit()).slice(-2).map((entry) => entry.action)).toEqual(["content.details.edit", "content.goal.edit"]);

    expect(await editor.saveDetails({ ...edited.details, missionUr: "" }, ACTOR)).toEqual({ ok: true });
    expect(await editor.goals.save({ ...edited.goal, titleUr: "" }, ACTOR)).toEqual({ ok: true, id: goal!.id });
    expect(await stored()).toEqual({ mission: null, goal: null });
    expect([(await editor.home())!.details.missionUr, (await editor.goals.list())[0]!.titleUr]).toEqual(["", ""]);
  });

  describe("photos", () => {
    test("a member's phone photo is stored without its EXIF and GPS, and shown on their card named after them", async () => {
      const maryam = { name: "Maryam", title: "Events", description: "Plans\nBooks" };
      const id = savedId(await kit.editor().team.save(maryam, await photo(), ACTOR));
      expect((await kit.editor().team.list()).find((m) => m.id === id)).toMatchObject(maryam);
      const files = await kit.filesOf((await kit.imageOf("teamMembers", id))!);
      expect(files.length).toBeGreaterThan(0);
      for (const key of files) {
        const meta = await sharp((await kit.storage.get(key))!.body).metadata();
        expect(meta.exif, key).toBeUndefined();
      }
      const card = (await kit.publicContent().home()).about.team.at(-1)!;
      expect(card).toMatchObject(maryam);
      expect(card.image?.alt).toBe("Maryam");
    });

    test("'Remove the photo' takes it away, its files too; a card without one has none, and no description is none", async () => {
      const team = kit.editor().team;
      const id = savedId(await team.save({ name: "Maryam", title: "Events" }, await photo(), ACTOR));
      const imageId = (await kit.imageOf("teamMembers", id))!;
      const files = await kit.filesOf(imageId);
      const edit = { id, version: 1, name: "Maryam", title: "Events", description: "", removePhoto: "on" } as const;
      expect(await team.save(edit, undefined, ACTOR)).toEqual({ ok: true, id });
      expect(await kit.imageOf("teamMembers", id)).toBeNull();
      expect(await kit.imageIds()).not.toContain(imageId);
      for (const key of files) expect(await kit.hasFile(key), key).toBe(false);
      expect((await kit.publicContent().home()).about.team.at(-1)).toMatchObject({ name: "Maryam", image: null, description: null });
    });

    test("a new photo replaces the old one, whose files go; deleting the item takes its photo; one shown elsewhere stays", async () => {
      const editor = kit.editor();
      const id = savedId(await editor.collaborators.save({ name: "Green", description: "Trees" }, await photo(), ACTOR));
      const imageOf = () => kit.imageOf("collaborators", id) as Promise<string>;
      const [first, firstFiles] = [await imageOf(), await kit.filesOf(await imageOf())];
      await editor.collaborators.save({ id, version: 1, name: "Green", description: "Trees" }, await photo(64, 64, "#0a0"), ACTOR);
      const second = await imageOf();
      expect(second).not.toBe(first);
      expect(await kit.imageIds()).not.toContain(first);
      for (const key of firstFiles) expect(await kit.hasFile(key)).toBe(false);

      const secondFiles = await kit.filesOf(second);
      expect(await editor.list("collaborators")!.delete(id, ACTOR)).toEqual({ ok: true });
      expect(await kit.imageIds()).not.toContain(second);
      for (const key of secondFiles) expect(await kit.hasFile(key)).toBe(false);

      // The small site's partners share their logo with the site's logo: deleting one leaves it to the others.
      const [partner] = await editor.collaborators.list();
      await editor.list("collaborators")!.delete(partner!.id, ACTOR);
      expect(await kit.imageIds()).toContain(kit.photoId("logo.png"));
      expect(await kit.hasFile((await kit.filesOf(kit.photoId("logo.png")))[0]!)).toBe(true);
    });

    test("a GIF, a text file called .jpg, an iPhone's HEIC or an SVG is refused at the photo, naming the formats that work; nothing is stored", async () => {
      const before = await kit.snapshot();
      const { photo: _photo, ...member } = (await kit.editor().team.list())[0]!;
      for (const file of [
        await gif(),
        Buffer.from("not a photo at all"),
        IPHONE_HEIC,
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      ]) {
        const refused = { ok: false, reason: "photo", message: PHOTO_FORMATS_MESSAGE };
        expect(await kit.editor().team.save({ name: "Refused", title: "Member" }, file, ACTOR)).toEqual(refused);
        expect(await kit.editor().team.save({ ...member, name: "Refused" }, file, ACTOR)).toEqual(refused);
        expect(await kit.editor().savePresident({ name: "X", title: "Y", message: "Z", version: 1 }, file, ACTOR)).toEqual(refused);
      }
      expect(await kit.snapshot()).toEqual(before);
    });

    test("a stale edit that carries a photo is refused, and the photo is not kept", async () => {
      const { photo: _photo, ...member } = (await kit.editor().team.list())[0]!;
      await kit.editor().team.save({ ...member, title: "First" }, undefined, ACTOR);
      const before = await kit.snapshot();
      expect(await kit.editor().team.save({ ...member, title: "Stale" }, await photo(), ACTOR)).toEqual(STALE);
      const version = (await kit.editor().home())!.president.version - 1;
      expect(await kit.editor().savePresident({ name: "Stale", title: "T", message: "M", version }, await photo(), ACTOR)).toEqual(STALE);
      expect(await kit.snapshot()).toEqual(before);
    });

    test("with the image store down, nothing is saved and the admin is told to try again (the reason is logged)", async () => {
      kit.storageDown();
      const before = await kit.snapshot();
      expect(await kit.editor().team.save({ name: "Offline", title: "Member" }, await photo(), ACTOR)).toEqual({
        ok: false,
        reason: "storage-unavailable",
        message: "The photo could not be stored: the image store cannot be reached. Try again in a few minutes.",
      });
      expect(await kit.snapshot()).toEqual(before);
      expect(kit.logLines.join("")).toContain("the bucket did not answer");
    });
  });

  describe("the home screen", () => {
    const detailsInput = async (changes: Record<string, string> = {}) => ({ ...(await kit.editor().home())!.details, ...changes });

    test("its texts and links are saved at their version, recorded, and every page's chrome and the home page show them", async () => {
      const input = await detailsInput({
        name: "Sargodha Medical Students Union",
        shortName: "SMSU",
        tagline: "Learning together",
        heroText: "Students who teach.",
        mission: "A mentor for everyone.",
        videoChannelUrl: "https://videos.example.org/@smsu",
        whatsappContactUrl: "https://wa.me/923001112223",
        whatsappCommunityUrl: "https://chat.whatsapp.com/Smsu",
      });
      expect(await kit.editor().saveDetails(input, ACTOR)).toEqual({ ok: true });
      expect((await kit.editor().home())!.details).toEqual({ ...input, version: input.version + 1 });
      expect((await kit.audit()).at(-1)).toMatchObject({ action: "content.details.edit" });
      const site = kit.publicContent();
      expect(await site.chrome()).toMatchObject({ siteName: input.name, shortName: "SMSU", tagline: "Learning together" });
      const home = await site.home();
      expect(home.hero).toMatchObject({ tagline: "Learning together", heroText: "Students who teach." });
      expect(home.about.mission).toBe("A mentor for everyone.");
      expect(home.resources.videoChannelUrl).toBe("https://videos.example.org/@smsu");
      expect(home.contact).toMatchObject({ whatsappUrl: "https://wa.me/923001112223", communityUrl: "https://chat.whatsapp.com/Smsu" });

      // The same form again comes from the version that is gone: refused whole.
      const before = await kit.snapshot();
      expect(await kit.editor().saveDetails({ ...input, tagline: "Stale" }, ACTOR)).toEqual(STALE);
      expect(await kit.snapshot()).toEqual(before);
    });

    test("the president, logo and texts share one version: a save of one makes a copy of another stale", async () => {
      const home = (await kit.editor().home())!;
      expect(home.logo.version).toBe(home.details.version);
      await kit
        .editor()
        .savePresident({ name: "Zara", title: "President", message: "Hi", version: home.president.version }, undefined, ACTOR);
      expect(await kit.editor().saveDetails(home.details, ACTOR)).toEqual(STALE);
      expect(await kit.editor().saveLogo({ alt: "Logo", version: home.logo.version }, undefined, ACTOR)).toEqual(STALE);
    });

    test("a new president's photo shows on their card; the photo it replaced goes once nothing else shows it", async () => {
      const editor = kit.editor();
      const save = async (changes: { name?: string; message?: string }, file?: Buffer) =>
        editor.savePresident(
          {
            name: "Zara Malik",
            title: "President 2026-27",
            message: "Welcome.",
            ...changes,
            version: (await editor.home())!.president.version,
          },
          file,
          ACTOR,
        );
      const imageId = async () =>
        (await kit.db.selectFrom("siteDetails").select("presidentImageId").executeTakeFirstOrThrow()).presidentImageId;

      expect(await save({}, await photo())).toEqual({ ok: true });
      const first = await imageId();
      const { president } = (await kit.publicContent().home()).about;
      expect(president).toMatchObject({ name: "Zara Malik", title: "President 2026-27", message: "Welcome." });
      expect(president.photo.alt).toBe("Zara Malik, President 2026-27");
      expect(president.photo.src).toContain(first);
      expect((await kit.audit()).at(-1)).toMatchObject({ action: "content.president.edit" });
      // The photo it replaced is a team member's too: it stays.
      expect(await kit.imageIds()).toContain(kit.photoId("team/a.jpg"));

      // Without a new photo the photo stays; with one, the last (shown nowhere else) goes, files and all.
      await save({ message: "Welcome again." });
      expect(await imageId()).toBe(first);
      const files = await kit.filesOf(first);
      await save({}, await photo(40, 40));
      expect(await kit.imageIds()).not.toContain(first);
      for (const key of files) expect(await kit.hasFile(key)).toBe(false);
    });

    test("a new logo is made in small widths and as the site's icons, which every page's head then names", async () => {
      const logo = await sharp({ create: { width: 600, height: 600, channels: 4, background: "#c03" } })
        .png()
        .toBuffer();
      const version = (await kit.editor().home())!.logo.version;
      expect(await kit.editor().saveLogo({ alt: "A red square", version }, logo, ACTOR)).toEqual({ ok: true });
      const row = await kit.db.selectFrom("siteDetails").select(["logoImageId", "logoAlt"]).executeTakeFirstOrThrow();
      expect(row.logoAlt).toBe("A red square");
      const variants = (await kit.db.selectFrom("images").select("variants").where("id", "=", row.logoImageId).executeTakeFirstOrThrow())
        .variants;
      const parsed = JSON.parse(variants) as { format: string; width: number }[];
      expect(parsed.filter((v) => v.format === "png").map((v) => v.width)).toEqual(expect.arrayContaining([32, 180, 192, 512]));
      expect(parsed.filter((v) => v.format === "webp").map((v) => v.width)).toEqual(expect.arrayContaining([96, 192]));
      const chrome = await kit.publicContent().chrome();
      expect(chrome.logo.alt).toBe("A red square");
      expect(chrome.icons.favicon32).toBe(`/uploads/content/${row.logoImageId}-32.png`);
      expect(chrome.icons.icon512).toBe(`/uploads/content/${row.logoImageId}-512.png`);
      expect((await kit.audit()).at(-1)).toMatchObject({ action: "content.logo.edit" });
      // The old logo is the partners' logo too: it stays while they show it.
      expect(await kit.imageIds()).toContain(kit.photoId("logo.png"));

      // Without a new picture, only the description changes.
      await kit.editor().saveLogo({ alt: "Our logo", version: version + 1 }, undefined, ACTOR);
      expect(await kit.db.selectFrom("siteDetails").select(["logoImageId", "logoAlt"]).executeTakeFirstOrThrow()).toEqual({
        logoImageId: row.logoImageId,
        logoAlt: "Our logo",
      });
    });
  });
});
