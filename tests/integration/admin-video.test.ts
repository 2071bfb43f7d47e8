import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { describe, expect, test } from "vitest";

import { VIDEO_MAX_PARTS, VIDEO_PART_BYTES } from "#core/schemas/limits.ts";
import { newId } from "#server/db/ids.ts";
import { answerTestEngines } from "#tests/shared/test-database.ts";
import { getPage, post, postToPage } from "./helpers/admin";
import { useTestServer } from "./helpers/use-test-server";
import { postBytes, uploadVideo } from "./helpers/video";
import { siteOrigin } from "./helpers/test-server";
import { CONFLICT_MESSAGE, VIDEO_FORMATS_MESSAGE, VIDEO_INCOMPLETE_MESSAGE, VIDEO_TOO_LARGE_MESSAGE } from "#core/messages/content.ts";

/** A real WebM film (the starting content's), so a player could play what these tests upload. */
const FILM = fs.readFileSync(path.join(import.meta.dirname, "../../content/video/documentary.webm"));
/** Another video, in two parts: the same film with bytes after its end, which players ignore. */
const OTHER_FILM = Buffer.concat([FILM, Buffer.alloc(VIDEO_PART_BYTES, 1)]);

/**
 * The documentary video over HTTP: uploaded from the admin's home screen in parts (each a short request, capped in
 * front), served to players by byte ranges, and what each refusal answers. Its rules are the video service's tests.
 */
describe.each(answerTestEngines())("the documentary video on %s", (engine) => {
  const admin = useTestServer(engine, { signedIn: true });

  const details = () => admin.server.database.db.selectFrom("siteDetails").selectAll().executeTakeFirstOrThrow();
  const upload = async (video: Uint8Array, options: { version?: number; parts?: number } = {}) =>
    uploadVideo(admin.server, admin.cookie, video, options.version ?? (await details()).version, options);
  const partsStored = () =>
    fs.existsSync(path.join(admin.server.dataDir, "uploads", "content", "video-uploads"))
      ? fs.readdirSync(path.join(admin.server.dataDir, "uploads", "content", "video-uploads"), { recursive: true, encoding: "utf8" })
      : [];
  const storedVideos = () =>
    fs
      .readdirSync(path.join(admin.server.dataDir, "uploads", "content", "video"), { encoding: "utf8" })
      .filter((name) => !name.endsWith(".tmp"))
      .sort();

  test("an uploaded video replaces the one shown, plays by ranges at its new address, and the old one is deleted", async () => {
    const before = await details();
    const answer = await upload(OTHER_FILM);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const key = (await details()).documentaryVideo!;

    // The home page (through the page cache) names the new video at once; the old address is gone.
    const html = await (await getPage(admin.server, "/")).text();
    expect(html).toContain(`/media/${key}`);
    if (before.documentaryVideo) expect((await getPage(admin.server, `/media/${before.documentaryVideo}`)).status).toBe(404);
    expect(storedVideos()).toEqual([path.basename(key)]);

    const whole = await getPage(admin.server, `/media/${key}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/webm");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("cache-control")).toContain("immutable");
    expect(Buffer.from(await whole.arrayBuffer()).equals(OTHER_FILM)).toBe(true);

    const part = await fetch(`${admin.server.url}/media/${key}`, { headers: { range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${OTHER_FILM.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(OTHER_FILM.subarray(100, 200))).toBe(true);

    const tail = await fetch(`${admin.server.url}/media/${key}`, { headers: { range: "bytes=-10" } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(OTHER_FILM.subarray(-10))).toBe(true);

    const beyond = await fetch(`${admin.server.url}/media/${key}`, { headers: { range: `bytes=${OTHER_FILM.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${OTHER_FILM.length}`);

    // A browser's revalidation (fetch() would add Cache-Control: no-cache, which asks for the whole answer).
    const revalidated = await new Promise<number>((resolve, reject) =>
      http
        .get(`${admin.server.url}/media/${key}`, { headers: { "if-none-match": whole.headers.get("etag")! } }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        })
        .on("error", reject),
    );
    expect(revalidated).toBe(304);

    // Not a stored video's address: nothing, whatever is stored there.
    for (const address of ["/media/content/video/missing.webm", `/media/content/${"0".repeat(32)}.webm`, "/media/../site.db"]) {
      expect((await getPage(admin.server, address)).status, address).toBe(404);
    }
  });

  test("refusals' answers: a part that is no video or of no upload, a join incomplete or stale, a part over its declared size", async () => {
    await upload(FILM);
    const before = await details();
    const files = storedVideos();
    const notVideo = await upload(Buffer.from("<html>a page, not a film</html>"));
    expect([notVideo.status, notVideo.body.error]).toEqual([400, VIDEO_FORMATS_MESSAGE]);
    const incomplete = await upload(FILM, { parts: 2 });
    expect([incomplete.status, incomplete.body.errors]).toEqual([400, { video: VIDEO_INCOMPLETE_MESSAGE }]);
    const stale = await upload(OTHER_FILM, { version: before.version - 1 });
    expect([stale.status, stale.body.error]).toEqual([409, CONFLICT_MESSAGE]);
    expect((await postBytes(admin.server, `/admin/content/video/uploads/${newId()}/0`, FILM, admin.cookie)).status).toBe(404);

    const started = await post(admin.server, "/admin/content/video/uploads", {}, { cookie: admin.cookie });
    const id = started.body.id as string;
    const beyond = await postBytes(admin.server, `/admin/content/video/uploads/${id}/${VIDEO_MAX_PARTS}`, FILM, admin.cookie);
    expect([beyond.status, beyond.body.error]).toEqual([400, VIDEO_TOO_LARGE_MESSAGE]);
    // Refused from its declared length, before a byte of it is read.
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${admin.server.url}/admin/content/video/uploads/${id}/0`, {
        method: "POST",
        headers: {
          ...siteOrigin(admin.server.publicUrl),
          cookie: admin.cookie,
          "content-type": "application/octet-stream",
          "content-length": String(VIDEO_PART_BYTES + 1),
        },
      });
      request.on("response", (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on("error", reject);
      request.flushHeaders();
    });
    expect(status).toBe(413);
    expect(await details()).toEqual(before);
    expect(storedVideos()).toEqual(files);
    expect(partsStored()).toEqual([]);
  });

  test("removing the video answers 409 from an older copy, then 200; the home page and /media no longer have it", async () => {
    await upload(FILM);
    const { version, documentaryVideo: key } = await details();
    const stale = await postToPage(
      admin.server,
      "/admin/content/home",
      { intent: "remove-video", version: String(version - 1) },
      { cookie: admin.cookie },
    );
    expect([stale.status, stale.body.error]).toEqual([409, CONFLICT_MESSAGE]);
    const removed = await postToPage(
      admin.server,
      "/admin/content/home",
      { intent: "remove-video", version: String(version) },
      { cookie: admin.cookie },
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await (await getPage(admin.server, "/")).text()).not.toContain("/media/");
    expect((await getPage(admin.server, `/media/${key}`)).status).toBe(404);
  });
});
