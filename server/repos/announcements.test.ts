import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { newId } from "#server/db/ids.ts";
import { publishedAnnouncement } from "#tests/shared/announcement-values.ts";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { announcementsRepo, type AnnouncementValues } from "./announcements";
import { imagesRepo } from "./images";

describe.each(testEngines())("announcements and images repositories on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    await database.destroy();
  });

  const repo = () => announcementsRepo(database.db);

  async function addImage(createdAt: string) {
    const imageId = newId();
    await imagesRepo(database.db).create({
      id: imageId,
      storageKey: `announcements/${imageId}`,
      width: 1200,
      height: 800,
      variants: [{ format: "webp", width: 640, height: 427, key: `announcements/${imageId}/640.webp` }],
      createdAt: createdAt,
    });
    return imageId;
  }

  async function addAnnouncement(description: string, createdAt: string, fields: Partial<AnnouncementValues> = {}) {
    const imageId = await addImage(createdAt);
    const id = newId();
    await repo().create(
      id,
      publishedAnnouncement({ description, imageId, linkUrl: "https://forms.example.org/register", ...fields }, createdAt),
      createdAt,
    );
    return { id, imageId };
  }

  test("an empty site has no announcements", async () => {
    expect(await repo().listAll()).toEqual([]);
    expect(await repo().listLive(new Date().toISOString())).toEqual([]);
    expect(await repo().timeline(new Date().toISOString())).toEqual({ count: 0, newest: null, passed: 0, next: null });
  });

  test("announcements list newest first with their image, or none", async () => {
    await addAnnouncement("Older\nsecond line", "2026-11-01T10:00:00.000Z");
    const newer = await addAnnouncement("Newer", "2026-11-02T10:00:00.000Z");
    const textOnly = newId();
    await repo().create(
      textOnly,
      publishedAnnouncement({ description: "Text only" }, "2026-11-03T10:00:00.000Z"),
      "2026-11-03T10:00:00.000Z",
    );
    const list = await repo().listAll();
    expect(list.map((a) => a.description)).toEqual(["Text only", "Newer", "Older\nsecond line"]);
    expect(list[0]).toMatchObject({ id: textOnly, image: null, linkUrl: null, title: null, pinned: false, version: 1 });
    expect(list[1]).toMatchObject({
      id: newer.id,
      linkUrl: "https://forms.example.org/register",
      image: { id: newer.imageId, width: 1200, height: 800, variants: [{ format: "webp", width: 640 }] },
    });
    expect(list[1]!.image!.createdAt).toBe("2026-11-02T10:00:00.000Z");
  });

  test("live at a time: published by then and not expired; pinned first, then the latest published", async () => {
    const now = "2026-11-10T12:00:00.000Z";
    await addAnnouncement("Old", "2026-11-01T10:00:00.000Z");
    await addAnnouncement("Pinned old", "2026-10-01T10:00:00.000Z", { pinned: true });
    await addAnnouncement("Recent", "2026-11-09T10:00:00.000Z");
    await addAnnouncement("Draft", "2026-11-09T11:00:00.000Z", { publishAt: null });
    await addAnnouncement("Scheduled", "2026-11-09T11:00:00.000Z", { publishAt: "2026-11-10T12:00:00.001Z" });
    await addAnnouncement("Expired", "2026-11-02T10:00:00.000Z", { expiresAt: now });
    await addAnnouncement("Expiring", "2026-11-02T10:00:00.000Z", { expiresAt: "2026-11-11T00:00:00.000Z" });
    expect((await repo().listLive(now)).map((a) => a.description)).toEqual(["Pinned old", "Recent", "Expiring", "Old"]);
    // Passed: five published before now (Old, Pinned old, Recent, Expired, Expiring) and one expiry; next: the schedule.
    expect(await repo().timeline(now)).toMatchObject({ count: 7, passed: 6, next: "2026-11-10T12:00:00.001Z" });
    expect(await repo().timeline("2026-11-10T12:00:00.001Z")).toMatchObject({ passed: 7, next: "2026-11-11T00:00:00.000Z" });
  });

  test("a registration's closing time is on the timeline too: the card's button goes then", async () => {
    const closing = await addAnnouncement("Workshop", "2026-11-01T10:00:00.000Z", {
      registration: { capacity: 10, closesAt: "2026-11-10T18:00:00.000Z", questions: [] },
    });
    expect(await repo().timeline("2026-11-10T12:00:00.000Z")).toEqual({
      count: 1,
      newest: closing.id,
      passed: 1,
      next: "2026-11-10T18:00:00.000Z",
    });
    expect(await repo().timeline("2026-11-10T18:00:00.000Z")).toMatchObject({ passed: 2, next: null });
  });

  test("an update is stored only from the version it was read at; a gone one says so", async () => {
    const { id } = await addAnnouncement("First", "2026-11-01T10:00:00.000Z");
    const changed = publishedAnnouncement({ description: "Second", title: "Camp" }, "2026-11-01T10:00:00.000Z");
    expect(await repo().update(id, 1, changed, "2026-11-02T10:00:00.000Z")).toBe("saved");
    expect(await repo().findById(id)).toMatchObject({ description: "Second", title: "Camp", image: null, version: 2 });
    expect(await repo().update(id, 1, { ...changed, description: "Stale" }, "2026-11-03T10:00:00.000Z")).toBe("conflict");
    expect(await repo().update(newId(), 1, changed, "2026-11-03T10:00:00.000Z")).toBe("missing");
    expect((await repo().findById(id))?.description).toBe("Second");
  });

  test("finding by id, and deleting leaves the image unreferenced until it is removed", async () => {
    const { id, imageId } = await addAnnouncement("Only one", "2026-11-01T10:00:00.000Z");
    expect((await repo().findById(id))?.description).toBe("Only one");
    expect(await imagesRepo(database.db).listUnreferenced()).toEqual([]);

    expect(await repo().delete(id)).toBe(true);
    expect(await repo().delete(id)).toBe(false);
    expect(await repo().findById(id)).toBeUndefined();
    expect((await imagesRepo(database.db).listUnreferenced()).map((i) => i.id)).toEqual([imageId]);

    expect(await imagesRepo(database.db).delete(imageId)).toBe(true);
    expect(await imagesRepo(database.db).findById(imageId)).toBeUndefined();
  });

  test("an announcement cannot point at a missing image", async () => {
    await expect(
      repo().create(newId(), publishedAnnouncement({ description: "Dangling", imageId: "no-such-image" }), "2026-11-01T10:00:00.000Z"),
    ).rejects.toThrow();
  });
});
