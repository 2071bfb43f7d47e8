import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { answerTestEngines } from "#tests/shared/test-database.ts";
import { announcementsRepo } from "#server/repos/announcements.ts";
import { toStoredImage } from "#server/repos/images.ts";

import { s3Storage } from "#server/storage/s3-storage.ts";
import { startTestS3Server, type TestS3Server } from "#tests/shared/test-s3-server.ts";
import { ADMIN_ENV, clearRateLimits, getPage, imageForm, post, postToPage, signIn } from "./helpers/admin";
import { waitFor } from "./helpers/forms";
import { sampleJpeg } from "./helpers/seed";
import { postBytes } from "./helpers/video";
import { startTestServer, type TestServer } from "./helpers/test-server";

import { VIDEO_STORAGE_UNAVAILABLE_MESSAGE } from "#core/messages/content.ts";
import { STORAGE_UNAVAILABLE_MESSAGE } from "#core/messages/announcement-form.ts";
/** The server keeps uploads in a bucket of a real S3-compatible server (s3rver) that the test can stop and start. */
describe.each(answerTestEngines())("uploaded images in an S3 bucket on %s", (engine) => {
  const film = fs.readFileSync(path.join(import.meta.dirname, "../../content/video/documentary.webm"));
  let s3: TestS3Server;
  let server: TestServer;
  let cookie: string;
  beforeAll(async () => {
    s3 = await startTestS3Server();
    // /readyz checks at every ask, so its turns are seen as soon as they happen.
    server = await startTestServer(
      engine,
      { ...ADMIN_ENV, ...s3.env, READINESS_CHECK_SECONDS: "0" },
      { storage: () => s3Storage(s3.location) },
    );
  });
  afterAll(async () => {
    await server?.stop();
    await s3?.destroy();
  });
  beforeEach(async () => {
    await s3.start();
    await clearRateLimits(server);
    await server.database.db.deleteFrom("announcements").execute();
    // The announcements' images; the content's photos (imported on the first start, sourceHash set) stay.
    await server.database.db.deleteFrom("images").where("sourceHash", "is", null).execute();
    cookie = await signIn(server);
  });

  const create = async (description: string) =>
    post(
      server,
      "/admin/announcements",
      imageForm({ files: [{ body: await sampleJpeg(), name: "poster.jpg", type: "image/jpeg" }], description }),
      { cookie },
    );
  const rows = async () => ({
    announcements: (await server.database.db.selectFrom("announcements").select("id").execute()).length,
    images: (await server.database.db.selectFrom("images").selectAll().where("sourceHash", "is", null).execute()).map(toStoredImage),
  });

  test("an upload goes to the bucket, is served by the app like a local file, and leaves with its announcement", async () => {
    const answer = await create("Camp on Saturday, hall 2");
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const announcement = await announcementsRepo(server.database.db).findById(answer.body.id as string);
    const variants = announcement!.image!.variants;
    expect(variants.length).toBeGreaterThan(0);

    // In the bucket, each with its content type; nothing on the server's disk.
    for (const variant of variants) {
      expect((await server.storage.get(variant.key))?.contentType).toBe(`image/${variant.format}`);
    }
    expect(fs.existsSync(path.join(server.dataDir, "uploads"))).toBe(false);

    // Through the app, with the headers local files get.
    expect(await (await getPage(server, "/announcement")).text()).toContain(`/uploads/${variants[0]!.key}`);
    for (const variant of variants) {
      const image = await getPage(server, `/uploads/${variant.key}`);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe(`image/${variant.format}`);
      expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(image.headers.get("x-content-type-options")).toBe("nosniff");
      const etag = image.headers.get("etag");
      expect(etag).toBeTruthy();
      expect(Buffer.from(await image.arrayBuffer()).equals((await server.storage.get(variant.key))!.body)).toBe(true);
      // As a browser revalidates (fetch would add "Cache-Control: no-cache" to a conditional request by itself).
      const again = await fetch(`${server.url}/uploads/${variant.key}`, {
        headers: { "if-none-match": etag!, "cache-control": "max-age=0" },
      });
      expect(again.status).toBe(304);
    }
    expect((await getPage(server, "/uploads/announcements/missing/400.webp")).status).toBe(404);
    expect((await getPage(server, "/uploads/..%2F..%2Fsite.db")).status).toBe(404);

    const deleted = await postToPage(server, "/admin-announcement", { intent: "delete", id: announcement!.id }, { cookie });
    expect(deleted.status).toBe(200);
    for (const variant of variants) expect(await server.storage.get(variant.key)).toBeUndefined();
    expect(await rows()).toEqual({ announcements: 0, images: [] });
    expect((await getPage(server, `/uploads/${variants[0]!.key}`)).status).toBe(404);
  });

  test("while the bucket is unreachable: uploads are refused with a clear 503 and nothing points at a missing object; all recovers", async () => {
    const before = await create("Stored before the outage");
    expect(before.status).toBe(200);
    const kept = (await announcementsRepo(server.database.db).findById(before.body.id as string))!.image!.variants[0]!;

    await s3.stop();
    const started = performance.now();
    const refused = await create("Sent during the outage");
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("30");
    expect(refused.body).toMatchObject({ ok: false, error: STORAGE_UNAVAILABLE_MESSAGE });
    // The log says why, naming the bucket (and never a key: see the last line of this test). Its line comes through a
    // pipe, so it may arrive after the answer.
    const logged = await waitFor(async () => /image could not be stored; announcement not saved/.test(server.output()));
    expect(logged).toBe(true);
    // Its log arrives through another pipe than the answer: waited for, not assumed there.
    await expect
      .poll(() => server.output())
      .toMatch(/S3 put announcements\/[^ ]+ failed on bucket \\"society-uploads\\" at 127\.0\.0\.1:\d+: unreachable \(ECONNREFUSED/);
    const during = await rows();
    expect(during.announcements).toBe(1);
    expect(during.images).toHaveLength(1);

    // Images already stored answer 503 (never cached), not a 404 that a cache could keep.
    const image = await getPage(server, `/uploads/${kept.key}`);
    expect(image.status).toBe(503);
    expect(image.headers.get("cache-control")).toBe("no-store");
    // So does the site's video; a part of a video sent meanwhile is refused with the same kind of message.
    const { documentaryVideo: video } = await server.database.db
      .selectFrom("siteDetails")
      .select("documentaryVideo")
      .executeTakeFirstOrThrow();
    const media = await getPage(server, `/media/${video!}`);
    expect(media.status).toBe(503);
    expect(media.headers.get("cache-control")).toBe("no-store");
    const upload = await post(server, "/admin/content/video/uploads", {}, { cookie });
    const part = await postBytes(server, `/admin/content/video/uploads/${upload.body.id as string}/0`, film, cookie);
    expect(part.status).toBe(503);
    expect(part.body.error).toBe(VIDEO_STORAGE_UNAVAILABLE_MESSAGE);

    // Not ready (storage), but alive, and the database is fine.
    await expect.poll(async () => (await getPage(server, "/readyz")).status, { timeout: 15_000 }).toBe(503);
    expect(await (await getPage(server, "/readyz")).json()).toEqual({ status: "not ready" });
    await expect
      .poll(() => server.output(), { timeout: 15_000 })
      .toMatch(/"checks":\{"accepting":true,"database":true,"migrations":true,"storage":false\}/);
    expect((await getPage(server, "/healthz")).status).toBe(200);

    // Deleting now removes the row; the image row stays for the sweeper, still pointing at objects that exist.
    expect((await postToPage(server, "/admin-announcement", { intent: "delete", id: before.body.id as string }, { cookie })).status).toBe(
      200,
    );

    await s3.start();
    await expect.poll(async () => (await getPage(server, "/readyz")).status, { timeout: 15_000 }).toBe(200);
    const after = await rows();
    expect(after.announcements).toBe(0);
    for (const stored of after.images) {
      for (const variant of stored.variants) expect(await server.storage.get(variant.key), variant.key).toBeDefined();
    }
    expect((await getPage(server, `/uploads/${kept.key}`)).status).toBe(200);
    expect((await getPage(server, `/media/${video!}`)).status).toBe(200);
    expect((await create("Sent after the outage")).status).toBe(200);

    expect(server.output()).not.toContain(s3.location.credentials.secretAccessKey);
  });
});
