import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { newId } from "../db/ids";
import { openTestDatabase, type TestDatabase, testEngines } from "../../tests/shared/test-database";
import { announcementsRepo } from "./announcements";
import { imagesRepo } from "./images";

describe.each(testEngines())("announcements and images repositories on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    await database.destroy();
  });

  async function addAnnouncement(description: string, createdAt: string) {
    const imageId = newId();
    await imagesRepo(database.db).create({
      id: imageId,
      storage_key: `announcements/${imageId}`,
      width: 1200,
      height: 800,
      variants: [{ format: "webp", width: 640, height: 427, key: `announcements/${imageId}/640.webp` }],
      created_at: createdAt,
    });
    const id = newId();
    await announcementsRepo(database.db).create({
      id,
      description,
      google_form_url: "https://forms.example.org/register",
      image_id: imageId,
      created_at: createdAt,
    });
    return { id, imageId };
  }

  test("an empty site has no announcements", async () => {
    expect(await announcementsRepo(database.db).listNewestFirst()).toEqual([]);
  });

  test("announcements list newest first with their image", async () => {
    await addAnnouncement("Older\nsecond line", "2026-11-01T10:00:00.000Z");
    const newer = await addAnnouncement("Newer", "2026-11-02T10:00:00.000Z");
    const list = await announcementsRepo(database.db).listNewestFirst();
    expect(list.map((a) => a.description)).toEqual(["Newer", "Older\nsecond line"]);
    expect(list[0]).toMatchObject({
      id: newer.id,
      googleFormUrl: "https://forms.example.org/register",
      image: { id: newer.imageId, width: 1200, height: 800, variants: [{ format: "webp", width: 640 }] },
    });
  });

  test("finding by id, and deleting leaves the image unreferenced until it is removed", async () => {
    const { id, imageId } = await addAnnouncement("Only one", "2026-11-01T10:00:00.000Z");
    const repo = announcementsRepo(database.db);
    expect((await repo.findById(id))?.description).toBe("Only one");
    expect(await imagesRepo(database.db).listUnreferenced()).toEqual([]);

    expect(await repo.delete(id)).toBe(true);
    expect(await repo.delete(id)).toBe(false);
    expect(await repo.findById(id)).toBeUndefined();
    expect((await imagesRepo(database.db).listUnreferenced()).map((i) => i.id)).toEqual([imageId]);

    expect(await imagesRepo(database.db).delete(imageId)).toBe(true);
    expect(await imagesRepo(database.db).findById(imageId)).toBeUndefined();
  });

  test("an announcement cannot point at a missing image", async () => {
    await expect(
      announcementsRepo(database.db).create({
        id: newId(),
        description: "Dangling",
        google_form_url: "https://forms.example.org/x",
        image_id: "no-such-image",
        created_at: "2026-11-01T10:00:00.000Z",
      }),
    ).rejects.toThrow();
  });
});
