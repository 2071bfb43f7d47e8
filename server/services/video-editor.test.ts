import { describe, expect, test } from "vitest";

import { VIDEO_MAX_PARTS, VIDEO_PART_BYTES } from "#core/schemas/limits.ts";
import { ACTOR, MISSING, STALE, SEEDED_VIDEO, useContentEditor } from "#tests/shared/content-editor-kit.ts";
import { SMALL_SITE_VIDEO } from "#tests/shared/small-content.ts";
import { testEngines } from "#tests/shared/test-database.ts";
import { newId } from "#server/db/ids.ts";
import { UNFINISHED_UPLOAD_MS, videoPartKey } from "./video-editor";

import {
  VIDEO_FORMATS_MESSAGE,
  VIDEO_INCOMPLETE_MESSAGE,
  VIDEO_STORAGE_UNAVAILABLE_MESSAGE,
  VIDEO_TOO_LARGE_MESSAGE,
} from "#core/messages/content.ts";
/** Another video than the seeded one: a WebM's first bytes, then bytes of its own. */
const OTHER_VIDEO = [SMALL_SITE_VIDEO, Buffer.alloc(1000, 9)];
/** A QuickTime film from a phone: its own brand, which most browsers cannot play. */
const QUICKTIME = Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from("ftypqt  "), Buffer.alloc(2048)]);

/** The documentary video of /admin/content/home: uploaded in parts, joined, shown at the home details' version. */
describe.each(testEngines())("the documentary video on %s", (engine) => {
  const kit = useContentEditor(engine);
  const video = () => kit.editor().video;
  const shownKey = async () =>
    (await kit.db.selectFrom("siteDetails").select("documentaryVideo").executeTakeFirstOrThrow()).documentaryVideo;
  const version = async () => (await kit.editor().home())!.video.version;
  const uploadRows = () => kit.db.selectFrom("videoUploads").selectAll().execute();
  /** Starts an upload and stores `parts` in order; returns its id. */
  const storeParts = async (parts: Buffer[]) => {
    const id = await video().startUpload();
    for (const [index, bytes] of parts.entries()) expect(await video().storePart(id, index, bytes)).toEqual({ ok: true });
    return id;
  };

  test("the parts joined replace the video shown, recorded; the old video and the parts are deleted", async () => {
    const id = await storeParts(OTHER_VIDEO);
    const before = await version();
    expect(await video().finishUpload({ upload: id, parts: 2, version: before }, ACTOR)).toEqual({ ok: true });
    const key = (await shownKey())!;
    expect(key).toMatch(/^content\/video\/[0-9a-f]{32}\.webm$/);
    expect((await kit.storage.get(key))!.body.equals(Buffer.concat(OTHER_VIDEO))).toBe(true);
    expect(await version()).toBe(before + 1);
    expect((await kit.audit()).at(-1)).toMatchObject({ action: "content.video.edit" });
    expect((await kit.publicContent().home()).hero.videoUrl).toBe(`/media/${key}`);
    expect((await kit.editor().home())!.video.url).toBe(`/media/${key}`);
    expect(await kit.hasFile(SEEDED_VIDEO)).toBe(false);
    for (const index of [0, 1]) expect(await kit.hasFile(videoPartKey(id, index))).toBe(false);
    expect(await uploadRows()).toEqual([]);

    // The same video again has the same key: it stays.
    const again = await storeParts(OTHER_VIDEO);
    expect(await video().finishUpload({ upload: again, parts: 2, version: before + 1 }, ACTOR)).toEqual({ ok: true });
    expect(await shownKey()).toBe(key);
    expect(await kit.hasFile(key)).toBe(true);
  });

  test("a first part that is not an MP4 or WebM video, a part past the last place or too large, or of no upload, is refused", async () => {
    const id = await video().startUpload();
    const refused = (message: string) => ({ ok: false, reason: "video", message });
    expect(await video().storePart(id, 0, Buffer.from("<html>a page, not a film</html>"))).toEqual(refused(VIDEO_FORMATS_MESSAGE));
    expect(await video().storePart(id, 0, QUICKTIME)).toEqual(refused(VIDEO_FORMATS_MESSAGE));
    expect(await video().storePart(id, VIDEO_MAX_PARTS, SMALL_SITE_VIDEO)).toEqual(refused(VIDEO_TOO_LARGE_MESSAGE));
    expect(await video().storePart(id, -1, SMALL_SITE_VIDEO)).toEqual(refused(VIDEO_TOO_LARGE_MESSAGE));
    expect(await video().storePart(id, 1, Buffer.alloc(VIDEO_PART_BYTES + 1))).toEqual(refused(VIDEO_TOO_LARGE_MESSAGE));
    expect(await video().storePart(newId(), 0, SMALL_SITE_VIDEO)).toEqual(MISSING);
    expect(await video().storePart("not-an-id", 0, SMALL_SITE_VIDEO)).toEqual(MISSING);
    expect(await kit.hasFile(videoPartKey(id, 0))).toBe(false);
    expect((await uploadRows()).map((row) => row.parts)).toEqual([0]);
  });

  test("a join with a part missing, of no upload, or from an older copy of the page is refused, and nothing changes", async () => {
    const before = await kit.snapshot();
    const incomplete = await storeParts(OTHER_VIDEO.slice(0, 1));
    const refused = { ok: false, reason: "video", message: VIDEO_INCOMPLETE_MESSAGE };
    expect(await video().finishUpload({ upload: incomplete, parts: 2, version: before.version }, ACTOR)).toEqual(refused);
    expect(await kit.hasFile(videoPartKey(incomplete, 0))).toBe(false);
    expect(await video().finishUpload({ upload: incomplete, parts: 1, version: before.version }, ACTOR)).toEqual(refused);
    expect(await video().finishUpload({ upload: "no-such-upload", parts: 1, version: before.version }, ACTOR)).toEqual(refused);

    const stale = await storeParts(OTHER_VIDEO);
    const details = (await kit.editor().home())!;
    expect(await video().finishUpload({ upload: stale, parts: 2, version: details.video.version - 1 }, ACTOR)).toEqual(STALE);
    expect(await kit.snapshot()).toEqual(before);
    expect(await kit.hasFile(SEEDED_VIDEO)).toBe(true);
    expect(await kit.hasFile(videoPartKey(stale, 0))).toBe(false);
    expect(await uploadRows()).toEqual([]);
  });

  test("an upload left unfinished for a day is cleared away, parts and all, when the next one starts", async () => {
    const left = await storeParts(OTHER_VIDEO.slice(0, 1));
    const recent = await storeParts(OTHER_VIDEO.slice(0, 1));
    await kit.db
      .updateTable("videoUploads")
      .set({ startedAt: new Date(Date.now() - UNFINISHED_UPLOAD_MS - 60_000).toISOString() })
      .where("id", "=", left)
      .execute();
    const next = await video().startUpload();
    expect((await uploadRows()).map((row) => row.id).sort()).toEqual([recent, next].sort());
    expect(await kit.hasFile(videoPartKey(left, 0))).toBe(false);
    expect(await kit.hasFile(videoPartKey(recent, 0))).toBe(true);
  });

  test("with the file store down, a part is refused with 'try again', and the reason is logged", async () => {
    const id = await video().startUpload();
    kit.storageDown();
    expect(await video().storePart(id, 0, SMALL_SITE_VIDEO)).toEqual({
      ok: false,
      reason: "storage-unavailable",
      message: VIDEO_STORAGE_UNAVAILABLE_MESSAGE,
    });
    expect(kit.logLines.join("")).toContain("the bucket did not answer");
    expect((await uploadRows()).map((row) => row.parts)).toEqual([0]);
  });

  test("Remove video takes it off the home page and out of storage, at the version the page was read at", async () => {
    const current = await version();
    expect(await video().delete({ version: current - 1 }, ACTOR)).toEqual(STALE);
    expect(await shownKey()).toBe(SEEDED_VIDEO);

    expect(await video().delete({ version: current }, ACTOR)).toEqual({ ok: true });
    expect(await shownKey()).toBeNull();
    expect(await kit.hasFile(SEEDED_VIDEO)).toBe(false);
    expect((await kit.audit()).at(-1)).toMatchObject({ action: "content.video.remove" });
    expect((await kit.publicContent().home()).hero.videoUrl).toBeNull();
    expect((await kit.editor().home())!.video.url).toBeNull();
  });
});
