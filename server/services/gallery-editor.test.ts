import { describe, expect, test } from "vitest";

import { ACTOR, MISSING, STALE, gif, photo, useContentEditor } from "#tests/shared/content-editor-kit.ts";
import { IPHONE_HEIC } from "#tests/shared/iphone-heic.ts";
import { testEngines } from "#tests/shared/test-database.ts";
import { newId } from "#server/db/ids.ts";
import type { EditResult, PhotoEditResult } from "./content-edits";

import { PHOTO_FORMATS_MESSAGE } from "#core/messages/content.ts";
const savedId = (result: EditResult | PhotoEditResult) => {
  if (!result.ok || !result.id) throw new Error(`not saved: ${JSON.stringify(result)}`);
  return result.id;
};

/**
 * The galleries of /admin/content/galleries on the small site: Med Doc (an event: two photos, the second its cover),
 * Sports (an activity, one photo, the image of Med Doc's second), Study Circle (an activity without photos) and the
 * Explore SMC photos' gallery (one photo).
 */
describe.each(testEngines())("the admin's galleries on %s", (engine) => {
  const kit = useContentEditor(engine);
  const galleries = () => kit.editor().galleries;
  const galleryId = async (name: string) =>
    (await kit.db.selectFrom("galleries").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
  const photoRows = (id: string) =>
    kit.db.selectFrom("galleryPhotos").selectAll().where("galleryId", "=", id).orderBy("position").orderBy("id").execute();
  const listedNames = async () => (await galleries().list()).galleries.map((g) => g.name);
  const newGallery = async (name: string, kind: "event" | "activity" = "event") => savedId(await galleries().save({ name, kind }, ACTOR));
  const upload = async (id: string, count: number) => {
    for (let n = 0; n < count; n++) savedId(await galleries().addPhoto(id, await photo(40 + n, 30), ACTOR));
    return photoRows(id);
  };

  test("a new gallery is addressed by its name, listed last, recorded, and public only once its first photo lands", async () => {
    const before = await listedNames();
    const id = savedId(
      await galleries().save({ name: "Welcome Party 2026", kind: "event", date: "2026-10-03", description: "Freshers' welcome." }, ACTOR),
    );
    expect(await kit.db.selectFrom("galleries").selectAll().where("id", "=", id).executeTakeFirst()).toMatchObject({
      kind: "event",
      name: "Welcome Party 2026",
      slug: "welcome-party-2026",
      date: "2026-10-03",
      description: "Freshers' welcome.",
      version: 1,
    });
    expect(await listedNames()).toEqual([...before, "Welcome Party 2026"]);
    expect((await kit.audit()).at(-1)).toMatchObject({ action: "content.gallery.add", detail: `gallery=${id}` });
    // Another of the same name gets an address of its own.
    const twin = await newGallery("Welcome Party 2026", "activity");
    expect((await kit.db.selectFrom("galleries").select("slug").where("id", "=", twin).executeTakeFirstOrThrow()).slug).toBe(
      "welcome-party-2026-2",
    );

    let site = kit.publicContent();
    expect((await site.eventGalleries()).events.map((g) => g.name)).toEqual(["Med Doc"]);
    expect((await site.chrome()).eventsMenu.map((entry) => entry.label)).toEqual(["Med Doc"]);
    expect(await site.galleryPage("welcome-party-2026")).toBeUndefined();

    const photos = await upload(id, 2);
    expect(photos.map((p) => [p.position, p.alt])).toEqual([
      [0, null],
      [1, null],
    ]);
    expect((await kit.audit()).slice(-2).map(({ action, detail }) => [action, detail])).toEqual(
      photos.map((p) => ["content.gallery-photo.add", `gallery=${id} photo=${p.id}`]),
    );
    site = kit.publicContent();
    const shown = (await site.eventGalleries()).events.find((g) => g.name === "Welcome Party 2026")!;
    expect(shown.path).toBe("/events-and-activities/welcome-party-2026");
    expect(shown.photos).toHaveLength(2);
    expect(shown.photos[0]).not.toHaveProperty("alt");
    expect((await site.chrome()).eventsMenu.at(-1)).toEqual({
      label: "Welcome Party 2026",
      to: "/events-and-activities/welcome-party-2026",
    });
    expect(await site.galleryPage("welcome-party-2026")).toMatchObject({
      name: "Welcome Party 2026",
      kind: "event",
      date: "2026-10-03",
      description: "Freshers' welcome.",
      // Its link preview: the first photo, named by the gallery and its place, as no cover was chosen.
      preview: { alt: "Welcome Party 2026 1", photo: true },
    });
    expect(await site.galleryPaths()).toContain("/events-and-activities/welcome-party-2026");
  });

  test("a renamed gallery keeps its address; a stale edit, an unknown gallery and the Explore SMC photos' are refused", async () => {
    const id = await newGallery("Med Doc Night");
    expect(await galleries().save({ id, version: 1, name: "Med Doc Evening", kind: "activity" }, ACTOR)).toEqual({ ok: true, id });
    expect(await kit.db.selectFrom("galleries").selectAll().where("id", "=", id).executeTakeFirst()).toMatchObject({
      name: "Med Doc Evening",
      kind: "activity",
      slug: "med-doc-night",
      version: 2,
      date: null,
      description: null,
    });
    expect((await kit.audit()).at(-1)).toMatchObject({ action: "content.gallery.edit", detail: `gallery=${id}` });

    const before = await kit.snapshot();
    expect(await galleries().save({ id, version: 1, name: "Stale", kind: "event" }, ACTOR)).toEqual(STALE);
    expect(await galleries().save({ id: newId(), version: 1, name: "Gone", kind: "event" }, ACTOR)).toEqual(MISSING);
    const explore = await galleryId("Explore SMC");
    expect(await galleries().save({ id: explore, version: 1, name: "Renamed", kind: "event" }, ACTOR)).toEqual(MISSING);
    expect(await kit.snapshot()).toEqual(before);
  });

  test("a GIF, a text file called .jpg or an iPhone's HEIC is refused at the photo, naming the formats that work; nothing is stored", async () => {
    const id = await galleryId("Med Doc");
    const before = await kit.snapshot();
    for (const file of [await gif(), Buffer.from("not a photo"), IPHONE_HEIC]) {
      expect(await galleries().addPhoto(id, file, ACTOR)).toEqual({ ok: false, reason: "photo", message: PHOTO_FORMATS_MESSAGE });
    }
    expect(await kit.snapshot()).toEqual(before);
  });

  test("a photo for a gallery that is gone is refused, and leaves no image behind", async () => {
    const before = await kit.snapshot();
    expect(await galleries().addPhoto(newId(), await photo(), ACTOR)).toMatchObject(MISSING);
    expect(await galleries().addPhoto("not-an-id", await photo(), ACTOR)).toMatchObject(MISSING);
    expect(await kit.snapshot()).toEqual(before);
  });

  test("a photo's alt text and cover are saved at its version; the public pages use them; a stale save changes nothing", async () => {
    const id = await newGallery("Plantation Drive", "activity");
    const [first, second] = await upload(id, 2);
    expect((await galleries().get(id))!.photos.map((p) => [p.alt, p.cover, p.image.alt])).toEqual([
      ["", true, "Plantation Drive 1"],
      ["", false, "Plantation Drive 2"],
    ]);

    expect(await galleries().savePhoto({ id: second!.id, version: 1, alt: "Students planting saplings", cover: "on" }, ACTOR)).toEqual({
      ok: true,
      id: second!.id,
    });
    expect((await kit.audit()).at(-1)).toMatchObject({ action: "content.gallery-photo.edit", detail: `gallery=${id} photo=${second!.id}` });
    expect((await galleries().get(id))!.photos.map((p) => [p.alt, p.cover])).toEqual([
      ["", false],
      ["Students planting saplings", true],
    ]);
    const page = (await kit.publicContent().galleryPage("plantation-drive"))!;
    expect(page.photos.map((p) => p.alt)).toEqual([undefined, "Students planting saplings"]);
    expect(page.preview).toMatchObject({ alt: "Students planting saplings" });
    expect((await galleries().list()).galleries.find((g) => g.id === id)!.cover!.src).toBe(
      (await galleries().get(id))!.photos[1]!.image.src,
    );

    const before = await kit.snapshot();
    expect(await galleries().savePhoto({ id: second!.id, version: 1, alt: "A stale alt text" }, ACTOR)).toEqual(STALE);
    expect(await galleries().savePhoto({ id: newId(), version: 1 }, ACTOR)).toEqual(MISSING);
    expect(await kit.snapshot()).toEqual(before);

    // Unticking "Cover" on another photo leaves the cover; on the cover, the first photo stands for it again.
    await galleries().savePhoto({ id: first!.id, version: 1, alt: "" }, ACTOR);
    expect((await kit.db.selectFrom("galleries").select("coverPhotoId").where("id", "=", id).executeTakeFirstOrThrow()).coverPhotoId).toBe(
      second!.id,
    );
    await galleries().savePhoto({ id: second!.id, version: 2, alt: "" }, ACTOR);
    expect((await galleries().get(id))!.photos.map((p) => [p.alt, p.cover])).toEqual([
      ["", true],
      ["", false],
    ]);
  });

  test("photos move within their own gallery: Move up, and a drop whose places count that gallery's photos only", async () => {
    const id = await newGallery("Sports Gala");
    const [a, b, c] = await upload(id, 3);
    const medDoc = await galleryId("Med Doc");
    const medDocBefore = await photoRows(medDoc);
    const photosOf = galleries().lists["gallery-photos"];

    expect(await photosOf.move(c!.id, -1, ACTOR)).toEqual({ ok: true });
    expect((await photoRows(id)).map((p) => p.id)).toEqual([a!.id, c!.id, b!.id]);
    expect((await kit.audit()).at(-1)).toMatchObject({ action: "content.gallery-photo.move", detail: `gallery=${id} photo=${c!.id}` });
    expect(await photosOf.move(a!.id, -1, ACTOR)).toEqual(MISSING);

    expect(await photosOf.moveTo(a!.id, 2, ACTOR)).toEqual({ ok: true });
    expect((await photoRows(id)).map((p) => p.id)).toEqual([c!.id, b!.id, a!.id]);
    expect((await kit.audit()).at(-1)).toMatchObject({ detail: `gallery=${id} photo=${a!.id} to=2` });
    // Med Doc has two photos: place 2 is past its end, though this gallery has one.
    expect(await photosOf.moveTo(medDocBefore[0]!.id, 2, ACTOR)).toEqual({ ok: false, reason: "out-of-range", size: 2 });
    expect(await photosOf.moveTo(newId(), 0, ACTOR)).toEqual(MISSING);
    expect(await photoRows(medDoc)).toEqual(medDocBefore);
  });

  test("the galleries move among the events and activities listed; the Explore SMC photos' gallery has no place there", async () => {
    const made = await newGallery("Convocation 2026");
    const before = (await galleries().list()).galleries.map((g) => g.id);
    expect(before.at(-1)).toBe(made);
    const lists = galleries().lists.galleries;

    expect(await lists.moveTo(made, 0, ACTOR)).toEqual({ ok: true });
    expect((await galleries().list()).galleries.map((g) => g.id)).toEqual([made, ...before.slice(0, -1)]);
    expect((await kit.audit()).at(-1)).toMatchObject({ action: "content.gallery.move", detail: `gallery=${made} to=0` });
    expect(await lists.move(made, 1, ACTOR)).toEqual({ ok: true });
    expect((await galleries().list()).galleries[1]!.id).toBe(made);

    const unchanged = await kit.snapshot();
    const explore = await galleryId("Explore SMC");
    expect(await lists.moveTo(explore, 0, ACTOR)).toEqual(MISSING);
    expect(await lists.move(explore, -1, ACTOR)).toEqual(MISSING);
    expect(await lists.moveTo(made, before.length, ACTOR)).toEqual({ ok: false, reason: "out-of-range", size: before.length });
    expect(await kit.snapshot()).toEqual(unchanged);
  });

  test("a photo deleted takes its files and its cover; a gallery deleted takes its photos; Explore SMC's gallery stays", async () => {
    const id = await newGallery("Sports Gala");
    const [first, second] = await upload(id, 2);
    await galleries().savePhoto({ id: second!.id, version: 1, cover: "on" }, ACTOR);
    const photosOf = galleries().lists["gallery-photos"];
    const secondFiles = await kit.filesOf(second!.imageId);

    expect(await photosOf.delete(second!.id, ACTOR)).toEqual({ ok: true });
    expect((await photoRows(id)).map((p) => p.id)).toEqual([first!.id]);
    expect(
      (await kit.db.selectFrom("galleries").select("coverPhotoId").where("id", "=", id).executeTakeFirstOrThrow()).coverPhotoId,
    ).toBeNull();
    for (const key of secondFiles) expect(await kit.hasFile(key), key).toBe(false);
    expect((await kit.audit()).at(-1)).toMatchObject({
      action: "content.gallery-photo.delete",
      detail: `gallery=${id} photo=${second!.id}`,
    });
    expect(await photosOf.delete(second!.id, ACTOR)).toEqual(MISSING);

    const firstFiles = await kit.filesOf(first!.imageId);
    expect(await galleries().lists.galleries.delete(id, ACTOR)).toEqual({ ok: true });
    expect(await photoRows(id)).toEqual([]);
    expect(await kit.imageIds()).not.toContain(first!.imageId);
    for (const key of firstFiles) expect(await kit.hasFile(key), key).toBe(false);
    expect((await kit.audit()).at(-1)).toMatchObject({ action: "content.gallery.delete", detail: `gallery=${id}` });

    // Med Doc's second photo is Sports' photo too: deleting Med Doc leaves it to Sports.
    expect(await galleries().lists.galleries.delete(await galleryId("Med Doc"), ACTOR)).toEqual({ ok: true });
    expect(await kit.imageIds()).toContain(kit.photoId("events/a/2.jpg"));
    expect(await kit.imageIds()).not.toContain(kit.photoId("events/a/1.jpg"));
    expect((await kit.publicContent().eventGalleries()).events).toEqual([]);

    const explore = await galleryId("Explore SMC");
    expect(await galleries().lists.galleries.delete(explore, ACTOR)).toEqual(MISSING);
    expect(await galleries().lists.galleries.delete(newId(), ACTOR)).toEqual(MISSING);
    const [explorePhoto] = await photoRows(explore);
    expect(await photosOf.delete(explorePhoto!.id, ACTOR)).toEqual({ ok: true });
    expect((await galleries().list()).explore).toMatchObject({ name: "Explore SMC", photoCount: 0, cover: null });
    expect(await kit.publicContent().explorePhotos()).toEqual([]);
  });

  test("the Galleries screen lists each gallery with its photo count and cover (chosen, or the first), Explore SMC apart", async () => {
    const { galleries: listed, explore } = await galleries().list();
    expect(listed.map(({ name, kind, slug, date, photoCount }) => ({ name, kind, slug, date, photoCount }))).toEqual([
      { name: "Med Doc", kind: "event", slug: "med-doc", date: "2026-03-14", photoCount: 2 },
      { name: "Sports", kind: "activity", slug: "sports", date: "", photoCount: 1 },
      { name: "Study Circle", kind: "activity", slug: "study-circle", date: "", photoCount: 0 },
    ]);
    expect(listed[0]!.cover!.src).toContain(kit.photoId("events/a/2.jpg"));
    expect(listed[0]!.cover!.alt).toBe("Cover of Med Doc");
    expect(listed[2]!.cover).toBeNull();
    expect(explore).toMatchObject({ name: "Explore SMC", kind: "explore", photoCount: 1 });
    expect(await galleries().get(newId())).toBeUndefined();
  });
});
