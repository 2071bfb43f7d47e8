import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { newId } from "#server/db/ids.ts";
import { publishedAnnouncement } from "#tests/shared/announcement-values.ts";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { announcementsRepo } from "./announcements";
import { imagesRepo } from "./images";
import { publicContentRepo } from "./public-content";
import { settingsRepo } from "./settings";

describe.each(testEngines())("public content version on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    await database.destroy();
  });

  const version = async () => (await publicContentRepo(database.db).version()).value;

  async function addAnnouncement(createdAt = new Date().toISOString()) {
    const imageId = newId();
    await imagesRepo(database.db).create({
      id: imageId,
      storageKey: `announcements/${imageId}`,
      width: 10,
      height: 10,
      variants: [],
      createdAt: createdAt,
    });
    const id = newId();
    await announcementsRepo(database.db).create(
      id,
      publishedAnnouncement({ description: "Poster", linkUrl: "https://forms.example.org/a", imageId }, createdAt),
      createdAt,
    );
    return id;
  }

  test("reading twice with nothing written gives the same version", async () => {
    await addAnnouncement();
    expect(await version()).toBe(await version());
  });

  test("an announcement added, even one dated in the past, changes the version", async () => {
    const before = await version();
    await addAnnouncement("2020-01-01T00:00:00.000Z");
    expect(await version()).not.toBe(before);
  });

  test("an announcement deleted changes the version, and so does one deleted and another added", async () => {
    const first = await addAnnouncement();
    const second = await addAnnouncement();
    const before = await version();
    await announcementsRepo(database.db).delete(first);
    const afterDelete = await version();
    expect(afterDelete).not.toBe(before);
    await announcementsRepo(database.db).delete(second);
    await addAnnouncement();
    await addAnnouncement();
    expect(await version()).not.toBe(before);
    expect(await version()).not.toBe(afterDelete);
  });

  test("the Join Us switch changes the version", async () => {
    const before = await version();
    await settingsRepo(database.db).setJoinUsVisible(false);
    expect(await version()).not.toBe(before);
  });
});
