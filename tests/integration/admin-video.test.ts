import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { describe, expect, test } from "vitest";
import {
  CONFLICT_MESSAGE,
  VIDEO_FORMATS_MESSAGE,
  VIDEO_INCOMPLETE_MESSAGE,
  VIDEO_TOO_LARGE_MESSAGE,
} from "../../core/schemas/content-forms";
import { VIDEO_MAX_PARTS, VIDEO_PART_BYTES } from "../../core/schemas/limits";
import { newId } from "../../server/db/ids";
import { testEngines } from "../shared/test-database";
import { auditActions, getPage, post } from "./helpers/admin";
import { useTestServer } from "./helpers/use-test-server";
import { postBytes, uploadVideo } from "./helpers/video";
import { siteOrigin } from "./helpers/test-server";

/** A real WebM film (the starting content's), so a player could play what these tests upload. */
const FILM = fs.readFileSync(path.join(import.meta.dirname, "../../content/video/documentary.webm"));
/** Another video, in two parts: the same film with bytes after its end, which players ignore. */
const OTHER_FILM = Buffer.concat([FILM, Buffer.alloc(VIDEO_PART_BYTES, 1)]);

/**
 * The documentary video over HTTP: uploaded from the admin's home screen in parts (each a short request), joined in
 * storage, served to players by byte ranges, replaced and removed with the home details' version check.
 */
describe.each(testEngines())("the documentary video on %s", (engine) => {
  const admin = useTestServer(engine, { signedIn: true });

  const details = () => admin.server.database.db.selectFrom("site_details").selectAll().executeTakeFirstOrThrow();
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
    // Its parts were joined, then cleared away.
    expect(partsStored()).toEqual([]);
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

  test("a file that is not an MP4 or WebM video is refused at its first part, and an incomplete or stale upload when joined, changing nothing", async () => {
    await upload(FILM);
    const before = await details();
    const files = storedVideos();

    const notVideo = await upload(Buffer.from("<html>a page, not a film</html>"));
    expect(notVideo.status).toBe(400);
    expect(notVideo.body.error).toBe(VIDEO_FORMATS_MESSAGE);
    // A QuickTime film from a phone: its own brand, which most browsers cannot play.
    const quickTime = Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from("ftypqt  "), Buffer.alloc(2048)]);
    expect((await upload(quickTime)).body.error).toBe(VIDEO_FORMATS_MESSAGE);

    // Joined with a part missing (the page says two parts, one arrived), or naming no upload: refused, parts gone.
    const incomplete = await upload(FILM, { parts: 2 });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.errors).toEqual({ video: VIDEO_INCOMPLETE_MESSAGE });
    const unknown = await post(
      admin.server,
      "/admin/content/video",
      { version: String(before.version), upload: "no-such-upload", parts: "1" },
      {
        cookie: admin.cookie,
      },
    );
    expect(unknown.body.errors).toEqual({ video: VIDEO_INCOMPLETE_MESSAGE });

    const stale = await upload(OTHER_FILM, { version: before.version - 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe(CONFLICT_MESSAGE);

    expect(await details()).toEqual(before);
    expect(storedVideos()).toEqual(files);
    expect(partsStored()).toEqual([]);
  });

  test("a part over its size is refused from its declared length, and a part of no upload or out of range is refused", async () => {
    const started = await post(admin.server, "/admin/content/video/uploads", {}, { cookie: admin.cookie });
    const id = started.body.id as string;
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

    expect((await postBytes(admin.server, `/admin/content/video/uploads/${newId()}/0`, FILM, admin.cookie)).status).toBe(404);
    const beyond = await postBytes(admin.server, `/admin/content/video/uploads/${id}/${VIDEO_MAX_PARTS}`, FILM, admin.cookie);
    expect(beyond.status).toBe(400);
    expect(beyond.body.error).toBe(VIDEO_TOO_LARGE_MESSAGE);
    expect(partsStored()).toEqual([]);
  });

  test("an upload left unfinished for a day is cleared away when the next one starts", async () => {
    const started = await post(admin.server, "/admin/content/video/uploads", {}, { cookie: admin.cookie });
    const id = started.body.id as string;
    expect((await postBytes(admin.server, `/admin/content/video/uploads/${id}/0`, FILM, admin.cookie)).status).toBe(200);
    expect(partsStored()).toContain(`${id}-0`);
    await admin.server.database.db
      .updateTable("video_uploads")
      .set({ started_at: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString() })
      .where("id", "=", id)
      .execute();

    await post(admin.server, "/admin/content/video/uploads", {}, { cookie: admin.cookie });
    expect(partsStored().filter((file) => file.startsWith(id))).toEqual([]);
    expect(await admin.server.database.db.selectFrom("video_uploads").select("id").where("id", "=", id).execute()).toEqual([]);
  });

  test("removing the video takes it off the home page and out of storage, with the version check", async () => {
    await upload(FILM);
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
    expect((await post(admin.server, "/admin/content/video/uploads", {})).status).toBe(401);
    const started = await post(admin.server, "/admin/content/video/uploads", {}, { cookie: admin.cookie });
    const part = `/admin/content/video/uploads/${started.body.id as string}/0`;
    const unsigned = await fetch(`${admin.server.url}${part}`, {
      method: "POST",
      headers: siteOrigin(admin.server.publicUrl),
      body: new Uint8Array(FILM),
    });
    expect(unsigned.status).toBe(401);
    expect(partsStored()).toEqual([]);
    const join = { version: String(before.version), upload: started.body.id as string, parts: "1" };
    expect((await post(admin.server, "/admin/content/video", join)).status).toBe(401);
    expect((await post(admin.server, "/admin/content/video/remove", { version: String(before.version) })).status).toBe(401);
    expect(await details()).toEqual(before);
    expect(storedVideos()).toEqual(files);
  });
});
