import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { CONFLICT_MESSAGE, VIDEO_FORMATS_MESSAGE, VIDEO_MISSING_MESSAGE } from "../../core/schemas/content-forms";
import { VIDEO_UPLOAD_MAX_BYTES } from "../../core/schemas/limits";
import { testEngines } from "../shared/test-database";
import { auditActions, getPage, post, useSignedInAdmin } from "./helpers/admin";

/** A real WebM film (the starting content's), so a player could play what these tests upload. */
const FILM = fs.readFileSync(path.join(import.meta.dirname, "../../content/video/documentary.webm"));
/** Another video: the same film with bytes after its end, which players ignore. */
const OTHER_FILM = Buffer.concat([FILM, Buffer.alloc(1024, 1)]);

/** The video form as the home screen posts it: the version, then the file part (empty when none was chosen). */
function videoForm(version: number | string, video?: { body: Buffer | string; name: string; type: string }): FormData {
  const form = new FormData();
  form.append("version", String(version));
  const body = video ? (typeof video.body === "string" ? video.body : new Uint8Array(video.body)) : "";
  form.append("video", new Blob([body], { type: video?.type ?? "application/octet-stream" }), video?.name ?? "");
  return form;
}

/**
 * The documentary video over HTTP: uploaded from the admin's home screen into storage (streamed, never whole in
 * memory), served to players by byte ranges, replaced and removed with the home details' version check.
 */
describe.each(testEngines())("the documentary video on %s", (engine) => {
  const admin = useSignedInAdmin(engine);

  const details = () => admin.server.database.db.selectFrom("site_details").selectAll().executeTakeFirstOrThrow();
  const upload = async (video: Parameters<typeof videoForm>[1], version?: number) =>
    post(admin.server, "/admin/content/video", videoForm(version ?? (await details()).version, video), { cookie: admin.cookie });
  const storedVideos = () =>
    fs
      .readdirSync(path.join(admin.server.dataDir, "uploads", "content", "video"), { encoding: "utf8" })
      .filter((name) => !name.endsWith(".tmp"))
      .sort();

  test("an uploaded video replaces the one shown, plays by ranges at its new address, and the old one is deleted", async () => {
    const before = await details();
    const answer = await upload({ body: OTHER_FILM, name: "our-story.webm", type: "video/webm" });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const after = await details();
    const key = after.documentary_video!;
    expect(key).toMatch(/^content\/video\/[0-9a-f]{32}\.webm$/);
    expect(after.version).toBe(before.version + 1);
    expect((await auditActions(admin.server)).at(-1)).toMatchObject({ action: "content.video.edit" });

    // The home page (through the page cache) names the new video at once; the old address is gone.
    const html = await (await getPage(admin.server, "/")).text();
    expect(html).toContain(`/media/${key}`);
    if (before.documentary_video) expect((await getPage(admin.server, `/media/${before.documentary_video}`)).status).toBe(404);
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

  test("a file that is not an MP4 or WebM video, no file and a stale version are refused, changing nothing", async () => {
    await upload({ body: FILM, name: "film.webm", type: "video/webm" });
    const before = await details();
    const files = storedVideos();

    const notVideo = await upload({ body: "<html>a page, not a film</html>", name: "film.webm", type: "video/webm" });
    expect(notVideo.status).toBe(400);
    expect(notVideo.body.errors).toEqual({ video: VIDEO_FORMATS_MESSAGE });
    // A QuickTime film from a phone: its own brand, which most browsers cannot play.
    const quickTime = Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from("ftypqt  "), Buffer.alloc(2048)]);
    expect((await upload({ body: quickTime, name: "IMG_0001.MOV", type: "video/quicktime" })).body.errors).toEqual({
      video: VIDEO_FORMATS_MESSAGE,
    });

    const none = await upload(undefined);
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({ video: VIDEO_MISSING_MESSAGE });

    const stale = await upload({ body: OTHER_FILM, name: "other.webm", type: "video/webm" }, before.version - 1);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe(CONFLICT_MESSAGE);

    expect(await details()).toEqual(before);
    expect(storedVideos()).toEqual(files);
  });

  test("a body over the video's cap is refused from its declared length, before a byte of it is read", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${admin.server.url}/admin/content/video`, {
        method: "POST",
        headers: {
          cookie: admin.cookie,
          "content-type": "multipart/form-data; boundary=x",
          "content-length": String(VIDEO_UPLOAD_MAX_BYTES + 1),
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
  });

  test("removing the video takes it off the home page and out of storage, with the version check", async () => {
    await upload({ body: FILM, name: "film.webm", type: "video/webm" });
    const { version, documentary_video: key } = await details();

    const stale = await post(admin.server, "/admin/content/video/remove", { version: String(version - 1) }, { cookie: admin.cookie });
    expect(stale.status).toBe(409);
    expect((await details()).documentary_video).toBe(key);

    const removed = await post(admin.server, "/admin/content/video/remove", { version: String(version) }, { cookie: admin.cookie });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await details()).documentary_video).toBeNull();
    expect((await auditActions(admin.server)).at(-1)).toMatchObject({ action: "content.video.remove" });
    expect(await (await getPage(admin.server, "/")).text()).not.toContain("/media/");
    expect((await getPage(admin.server, `/media/${key}`)).status).toBe(404);
    expect(storedVideos()).toEqual([]);
  });

  test("without a session, uploads and removals answer 401 and store nothing", async () => {
    const before = await details();
    const files = storedVideos();
    const answer = await post(
      admin.server,
      "/admin/content/video",
      videoForm(before.version, { body: FILM, name: "f.webm", type: "video/webm" }),
    );
    expect(answer.status).toBe(401);
    expect((await post(admin.server, "/admin/content/video/remove", { version: String(before.version) })).status).toBe(401);
    expect(await details()).toEqual(before);
    expect(storedVideos()).toEqual(files);
  });
});
