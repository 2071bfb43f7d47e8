import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { newId } from "#server/db/ids.ts";
import type { GalleryKind } from "#server/db/schema.ts";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { contentListRepo } from "./content-lists";
import { imagesRepo } from "./images";

describe.each(testEngines())("content lists on %s: moving an item to a place", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    await database.destroy();
  });

  const goals = () => contentListRepo(database.db, "contentGoals");
  /** Adds goals titled by `titles`, in order; returns their ids. */
  async function addGoals(...titles: string[]): Promise<string[]> {
    const ids: string[] = [];
    for (const title of titles) {
      const id = newId();
      await goals().append(id, { title, description: `${title} described` });
      ids.push(id);
    }
    return ids;
  }
  const titles = async () => (await goals().items()).map((goal) => goal.title);
  const positions = async () => (await goals().items()).map((goal) => goal.position);

  test("to the top: the item is first and the ones above it move down one place", async () => {
    const [, , c] = await addGoals("A", "B", "C", "D");
    expect(await goals().moveTo(c!, 0)).toEqual({ outcome: "moved" });
    expect(await titles()).toEqual(["C", "A", "B", "D"]);
    expect(await positions()).toEqual([0, 1, 2, 3]);
  });

  test("to the bottom: the item is last and the ones below it move up one place", async () => {
    const [a] = await addGoals("A", "B", "C", "D");
    expect(await goals().moveTo(a!, 3)).toEqual({ outcome: "moved" });
    expect(await titles()).toEqual(["B", "C", "D", "A"]);
    expect(await positions()).toEqual([0, 1, 2, 3]);
  });

  test("down into the middle: the place counts in the new order", async () => {
    const [a] = await addGoals("A", "B", "C", "D");
    expect(await goals().moveTo(a!, 2)).toEqual({ outcome: "moved" });
    expect(await titles()).toEqual(["B", "C", "A", "D"]);
  });

  test("to the place it is at: nothing changes, and nothing is written", async () => {
    const [, b] = await addGoals("A", "B", "C");
    const before = await goals().items();
    expect(await goals().moveTo(b!, 1)).toEqual({ outcome: "unchanged" });
    expect(await goals().items()).toEqual(before);
  });

  test("positions with gaps and ties are rewritten as the new order's indexes", async () => {
    const [a, b, c] = await addGoals("A", "B", "C");
    for (const [id, position] of [
      [a!, 10],
      [b!, 10],
      [c!, 40],
    ] as const) {
      await database.db.updateTable("contentGoals").set({ position }).where("id", "=", id).execute();
    }
    const [tiedFirst, tiedSecond] = [a!, b!].sort();
    expect(await goals().moveTo(c!, 1)).toEqual({ outcome: "moved" });
    expect((await goals().items()).map((goal) => [goal.id, goal.position])).toEqual([
      [tiedFirst, 0],
      [c, 1],
      [tiedSecond, 2],
    ]);
  });

  test.each([
    ["past the end", 3],
    ["far past the end", 999_999],
    ["before the top", -1],
    ["not a whole place", 1.5],
  ])("a place %s is refused with the list's size, and nothing changes", async (_name, to) => {
    const [a] = await addGoals("A", "B", "C");
    const before = await goals().items();
    expect(await goals().moveTo(a!, to)).toEqual({ outcome: "out-of-range", size: 3 });
    expect(await goals().items()).toEqual(before);
  });

  test("an unknown id is missing, whatever the place, and nothing changes", async () => {
    await addGoals("A", "B", "C");
    const before = await goals().items();
    expect(await goals().moveTo(newId(), 0)).toEqual({ outcome: "missing" });
    expect(await goals().moveTo(newId(), 99)).toEqual({ outcome: "missing" });
    expect(await goals().items()).toEqual(before);
  });

  async function addGallery(name: string, kind: GalleryKind = "event") {
    const id = newId();
    await contentListRepo(database.db, "galleries").append(id, {
      kind,
      name,
      slug: name.toLowerCase().replaceAll(" ", "-"),
      date: null,
      description: null,
      coverPhotoId: null,
    });
    return id;
  }

  test("galleries of some kinds: places count only those, and the others keep their positions", async () => {
    const welcome = await addGallery("Welcome");
    const sports = await addGallery("Sports", "activity");
    const explore = await addGallery("Explore SMC", "explore");
    // A gallery made later joins the table after the Explore SMC photos' gallery.
    const iftar = await addGallery("Iftar");
    const listed = contentListRepo(database.db, "galleries", { galleryKinds: ["event", "activity"] });
    expect((await listed.items()).map((gallery) => gallery.id)).toEqual([welcome, sports, iftar]);

    expect(await listed.moveTo(welcome, 2)).toEqual({ outcome: "moved" });
    expect((await listed.items()).map((gallery) => gallery.id)).toEqual([sports, iftar, welcome]);
    expect(await listed.moveTo(welcome, 3)).toEqual({ outcome: "out-of-range", size: 3 });
    expect(await listed.moveTo(explore, 0)).toEqual({ outcome: "missing" });
    const exploreRow = await database.db.selectFrom("galleries").select("position").where("id", "=", explore).executeTakeFirstOrThrow();
    expect(exploreRow.position).toBe(2);
  });

  describe("one gallery's photos", () => {
    /** Adds `count` photos to the gallery (each with its own stored image); returns their ids in order. */
    async function addPhotos(galleryId: string, count: number): Promise<string[]> {
      const ids: string[] = [];
      for (let index = 0; index < count; index++) {
        const imageId = newId();
        await imagesRepo(database.db).create({
          id: imageId,
          storageKey: `content/${imageId}`,
          width: 10,
          height: 10,
          variants: [],
          createdAt: new Date().toISOString(),
        });
        const id = newId();
        await contentListRepo(database.db, "galleryPhotos", { galleryId }).append(id, { imageId: imageId, alt: null });
        ids.push(id);
      }
      return ids;
    }
    const photos = (galleryId: string) => contentListRepo(database.db, "galleryPhotos", { galleryId });
    const order = async (galleryId: string) => (await photos(galleryId).items()).map((photo) => [photo.id, photo.position]);

    test("places count the gallery's own photos; the other gallery's photos keep theirs", async () => {
      const [sports, iftar] = [await addGallery("Sports"), await addGallery("Iftar")];
      const [s1, s2, s3] = await addPhotos(sports, 3);
      const [i1, i2, i3, i4] = await addPhotos(iftar, 4);
      const iftarBefore = await order(iftar);

      expect(await photos(sports).moveTo(s3!, 0)).toEqual({ outcome: "moved" });
      expect(await order(sports)).toEqual([
        [s3, 0],
        [s1, 1],
        [s2, 2],
      ]);
      expect(await order(iftar)).toEqual(iftarBefore);
      // The last place of the smaller gallery is 2, though the other has a place 3.
      expect(await photos(sports).moveTo(s1!, 3)).toEqual({ outcome: "out-of-range", size: 3 });

      expect(await photos(iftar).moveTo(i1!, 3)).toEqual({ outcome: "moved" });
      expect((await photos(iftar).items()).map((photo) => photo.id)).toEqual([i2, i3, i4, i1]);
    });

    test("a photo of another gallery is missing from this one, and nothing changes", async () => {
      const [sports, iftar] = [await addGallery("Sports"), await addGallery("Iftar")];
      await addPhotos(sports, 2);
      const [i1] = await addPhotos(iftar, 2);
      const before = [await order(sports), await order(iftar)];
      expect(await photos(sports).moveTo(i1!, 0)).toEqual({ outcome: "missing" });
      expect([await order(sports), await order(iftar)]).toEqual(before);
    });
  });
});
