import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, test } from "vitest";
import { CONFLICT_MESSAGE } from "#core/messages/content.ts";
import { answerTestEngines } from "#tests/shared/test-database.ts";
import { ANNOUNCEMENT_IMAGE_FOLDER } from "#server/services/announcements.ts";
import { imageForm, post, postToPage } from "./helpers/admin";
import { seedAnnouncement } from "./helpers/seed";
import type { TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";

/** Every file under a directory, relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((entry) => fs.statSync(path.join(dir, entry)).isFile());
}

describe.each(answerTestEngines())("admin announcements on %s", (engine) => {
  const setup = useTestServer(engine, { signedIn: true });
  let server: TestServer;
  let cookie: string;
  beforeEach(async () => {
    ({ server, cookie } = setup);
    await server.database.db.deleteFrom("announcements").execute();
    await announcementImages().delete().execute();
    fs.rmSync(announcementUploads(), { recursive: true, force: true });
  });

  // The site's content has images of its own (imported on the first start); these tests count the announcements'.
  const announcementUploads = () => path.join(server.dataDir, "uploads", ANNOUNCEMENT_IMAGE_FOLDER);
  const announcementImages = () => ({
    select: () => server.database.db.selectFrom("images").select("id").where("storageKey", "like", `${ANNOUNCEMENT_IMAGE_FOLDER}/%`),
    delete: () => server.database.db.deleteFrom("images").where("storageKey", "like", `${ANNOUNCEMENT_IMAGE_FOLDER}/%`),
  });
  const counts = async () => ({
    announcements: (await server.database.db.selectFrom("announcements").select("id").execute()).length,
    images: (await announcementImages().select().execute()).length,
    files: filesUnder(announcementUploads()).length,
  });
  const nothingStored = { announcements: 0, images: 0, files: 0 };
  const create = (form: FormData, options: { cookie?: string; headers?: Record<string, string> } = { cookie }) =>
    post(server, "/admin/announcements", form, options);

  // The announcements' rules (storing, editing, publishing, the form's messages) are server/services/announcements.test.ts;
  // hostile images are upload-corpus.test.ts. Here: what only HTTP shows.
  test("an upload over 5 MB is refused with 413 before parsing, leaving no file", async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 100 * 1024, 1);
    const answer = await create(imageForm({ files: [{ body: big, name: "huge.jpg", type: "image/jpeg" }] }));
    expect(answer.status).toBe(413);
    expect(await counts()).toEqual(nothingStored);
    expect(fs.readdirSync(server.dataDir).filter((name) => /tmp|upload/i.test(name) && name !== "uploads")).toEqual([]);
  });

  test("an edit from an older copy answers 409 with the conflict message; an edit or delete of a deleted one 404 with the reason", async () => {
    const { id } = await seedAnnouncement(server, { description: "Camp on Saturday", createdAt: new Date().toISOString() });
    const editForm = (version: number, description: string) => {
      const form = imageForm({ description });
      form.append("id", id);
      form.append("version", String(version));
      return form;
    };
    expect((await create(editForm(1, "First edit wins"))).status).toBe(200);
    const stale = await create(editForm(1, "Second edit loses"));
    expect([stale.status, stale.body.error]).toEqual([409, CONFLICT_MESSAGE]);
    expect((await postToPage(server, "/admin-announcement", { intent: "delete", id }, { cookie })).status).toBe(200);
    expect((await create(editForm(2, "Too late for this one"))).status).toBe(404);
    const again = await postToPage(server, "/admin-announcement", { intent: "delete", id }, { cookie });
    expect(again).toMatchObject({
      status: 404,
      body: { ok: false, error: "No such announcement: it was deleted. Reload to see the latest." },
    });
  });
});
