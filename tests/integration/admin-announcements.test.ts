import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeEach, describe, expect, test } from "vitest";
import { CONFLICT_MESSAGE } from "../../core/schemas/content-forms";
import { testEngines } from "../shared/test-database";
import { ANNOUNCEMENT_IMAGE_FOLDER } from "../../server/services/announcements";
import { auditActions, getPage, imageForm, jpegWithGps, post } from "./helpers/admin";
import { sampleJpeg, seedAnnouncement } from "./helpers/seed";
import type { TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";

/** Every file under a directory, relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((entry) => fs.statSync(path.join(dir, entry)).isFile());
}

describe.each(testEngines())("admin announcements on %s", (engine) => {
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
    select: () => server.database.db.selectFrom("images").select("id").where("storage_key", "like", `${ANNOUNCEMENT_IMAGE_FOLDER}/%`),
    delete: () => server.database.db.deleteFrom("images").where("storage_key", "like", `${ANNOUNCEMENT_IMAGE_FOLDER}/%`),
  });
  const counts = async () => ({
    announcements: (await server.database.db.selectFrom("announcements").select("id").execute()).length,
    images: (await announcementImages().select().execute()).length,
    files: filesUnder(announcementUploads()).length,
  });
  const nothingStored = { announcements: 0, images: 0, files: 0 };
  const jpegFile = async () => ({ body: await sampleJpeg(), name: "poster.jpg", type: "image/jpeg" });
  const create = (form: FormData, options: { cookie?: string; headers?: Record<string, string> } = { cookie }) =>
    post(server, "/admin/announcements", form, options);

  test("/admin-announcement without a session goes to the login, which leads back to it, and is never cached", async () => {
    const response = await getPage(server, "/admin-announcement");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin?next=%2Fadmin-announcement");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  test("with none: 'No announcement created yet.' and 'Create Now'", async () => {
    const html = await (await getPage(server, "/admin-announcement", cookie)).text();
    expect(html).toContain("Your Announcements");
    expect(html).toContain(
      "Manage and review all your announcements. Ensure your audience always sees the most up-to-date and important information",
    );
    expect(html).toContain("No announcement created yet.");
    expect(html).toContain("Create Now");
  });

  test("creating one stores re-encoded variants and shows it on /announcement with its form link, as plain text", async () => {
    const answer = await create(
      imageForm({ files: [await jpegFile()], description: "Camp on <b>Saturday</b>\nhall 2", url: "https://forms.gle/camp" }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.ok).toBe(true);
    const stored = await counts();
    expect(stored.announcements).toBe(1);
    expect(stored.files).toBeGreaterThan(0);
    // The responsive AVIF and WebP variants, and one JPEG: its link preview.
    const files = filesUnder(announcementUploads());
    expect(files.filter((file) => !/\.(avif|webp)$/.test(file))).toEqual([expect.stringMatching(/-900\.jpeg$/)]);

    const html = await (await getPage(server, "/announcement")).text();
    expect(html).toContain('href="https://forms.gle/camp"');
    expect(html).toContain("Camp on &lt;b&gt;Saturday&lt;/b&gt;");
    expect(html).not.toContain("<b>Saturday</b>");
    expect((await auditActions(server)).at(-1)).toMatchObject({ action: "announcement.create" });
    const admin = await (await getPage(server, "/admin-announcement", cookie)).text();
    expect(admin).toContain("Delete Announcement");
  });

  test("without an image or a link: a text announcement, with the title it was given and no button", async () => {
    const form = imageForm({ description: "General body meeting in hall 2 at 5 pm", url: "" });
    form.append("title", "General body meeting");
    const answer = await create(form);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await counts()).toEqual({ announcements: 1, images: 0, files: 0 });
    const html = await (await getPage(server, "/announcement")).text();
    expect(html).toMatch(/>General body meeting<\/a><\/h2>/);
    expect(html).not.toContain("Register via Google Form");
  });

  test.each([
    ["two images", async () => imageForm({ files: [await jpegFile(), await jpegFile()] }), "image", "Choose one image"],
    [
      "a file that says it is not an image",
      () => Promise.resolve(imageForm({ files: [{ body: "hello", name: "notes.txt", type: "text/plain" }] })),
      "image",
      "Choose an image file",
    ],
    [
      "a short description",
      async () => imageForm({ files: [await jpegFile()], description: "too short" }),
      "description",
      "Description must be at least 10 characters",
    ],
    ["an invalid URL", async () => imageForm({ files: [await jpegFile()], url: "not a url" }), "url", "Enter a valid URL"],
    ["a non-http URL", async () => imageForm({ files: [await jpegFile()], url: "javascript:alert(1)" }), "url", "Enter a valid URL"],
  ])("%s is refused with the spec's message and stores nothing", async (_name, form, field, message) => {
    const answer = await create(await form());
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[field]).toBe(message);
    expect(await counts()).toEqual(nothingStored);
  });

  test("an upload over 5 MB is refused with 413 before parsing, leaving no file", async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 100 * 1024, 1);
    const answer = await create(imageForm({ files: [{ body: big, name: "huge.jpg", type: "image/jpeg" }] }));
    expect(answer.status).toBe(413);
    expect(await counts()).toEqual(nothingStored);
    expect(fs.readdirSync(server.dataDir).filter((name) => /tmp|upload/i.test(name) && name !== "uploads")).toEqual([]);
  });

  test.each([
    [
      "an SVG",
      () =>
        Promise.resolve({
          body: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
          name: "logo.svg",
          type: "image/svg+xml",
        }),
    ],
    [
      "an HTML file named .png",
      () =>
        Promise.resolve({
          body: "<!doctype html><html><body><script>alert(1)</script></body></html>",
          name: "photo.png",
          type: "image/png",
        }),
    ],
    [
      "a truncated JPEG",
      async () => {
        const whole = await sampleJpeg(1200, 900);
        return { body: whole.subarray(0, Math.floor(whole.length / 2)), name: "cut.jpg", type: "image/jpeg" };
      },
    ],
  ])("%s is refused by its content and stores nothing", async (_name, file) => {
    const answer = await create(imageForm({ files: [await file()] }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.image).toMatch(/^The (file is not a supported image|image is damaged or incomplete)/);
    expect(await counts()).toEqual(nothingStored);
  });

  test("a JPEG with GPS EXIF comes out without any metadata", async () => {
    const input = await jpegWithGps();
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.exif).toBeDefined();
    expect(input.includes(Buffer.from("LeakyCam"))).toBe(true);

    expect((await create(imageForm({ files: [{ body: input, name: "gps.jpg", type: "image/jpeg" }] }))).status).toBe(200);
    const files = filesUnder(announcementUploads());
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const body = fs.readFileSync(path.join(announcementUploads(), file));
      const meta = await sharp(body).metadata();
      expect(meta.exif).toBeUndefined();
      expect(body.includes(Buffer.from("LeakyCam"))).toBe(false);
    }
  });

  test("without a session (401) or cross-site (403) nothing is created", async () => {
    expect((await create(imageForm({ files: [await jpegFile()] }), {})).status).toBe(401);
    expect((await create(imageForm({ files: [await jpegFile()] }), { cookie, headers: { origin: "https://evil.example" } })).status).toBe(
      403,
    );
    expect(await counts()).toEqual(nothingStored);
  });

  describe("deleting", () => {
    test("removes the row, then its files, and is audited", async () => {
      const { id } = await seedAnnouncement(server, { description: "To be removed soon", createdAt: new Date().toISOString() });
      expect((await counts()).files).toBeGreaterThan(0);
      const answer = await post(server, `/admin/announcements/${id}/delete`, {}, { cookie });
      expect(answer.status).toBe(200);
      expect(await counts()).toEqual(nothingStored);
      expect((await auditActions(server)).at(-1)).toMatchObject({ action: "announcement.delete" });
      expect(await (await getPage(server, "/announcement")).text()).toContain("No announcement available.");
    });

    test("an unknown id answers 404, not ok, with the reason", async () => {
      const answer = await post(server, "/admin/announcements/00000000-0000-7000-8000-000000000000/delete", {}, { cookie });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ ok: false, error: "No such announcement: it was deleted. Reload to see the latest." });
    });

    test("without a session (401) or cross-site (403) it stays", async () => {
      const { id } = await seedAnnouncement(server, { description: "Staying right here", createdAt: new Date().toISOString() });
      expect((await post(server, `/admin/announcements/${id}/delete`)).status).toBe(401);
      expect(
        (await post(server, `/admin/announcements/${id}/delete`, {}, { cookie, headers: { "sec-fetch-site": "cross-site" } })).status,
      ).toBe(403);
      expect((await counts()).announcements).toBe(1);
    });
  });

  describe("editing", () => {
    /** The form an edit posts: the stored id and version, and the fields. */
    const editForm = (id: string, version: number, fields: Record<string, string> = {}, image?: Buffer) => {
      const form = imageForm({ files: image ? [{ body: image, name: "new.jpg", type: "image/jpeg" }] : [] });
      form.append("id", id);
      form.append("version", String(version));
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      return form;
    };
    const storedKeys = async () =>
      (await server.database.db.selectFrom("images").select("storage_key").where("storage_key", "like", "announcements/%").execute()).map(
        (row) => row.storage_key,
      );

    test("text and a replaced image: the new one shows, the old one's files are gone, audited", async () => {
      const { id } = await seedAnnouncement(server, { description: "Camp on Saturday", createdAt: new Date().toISOString() });
      const [oldKey] = await storedKeys();
      const answer = await create(
        editForm(id, 1, { title: "Camp moved", description: "Camp on Sunday instead" }, await sampleJpeg(640, 480)),
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const keys = await storedKeys();
      expect(keys).toHaveLength(1);
      expect(keys[0]).not.toBe(oldKey);
      expect(filesUnder(announcementUploads()).some((file) => file.startsWith(oldKey!.split("/")[1]!))).toBe(false);
      const html = await (await getPage(server, "/announcement")).text();
      expect(html).toContain("Camp on Sunday instead");
      expect(html).toContain(`/uploads/${keys[0]}`);
      expect(html).not.toContain("Camp on Saturday");
      expect((await auditActions(server)).at(-1)).toMatchObject({ action: "announcement.edit" });
    });

    test("the image removed: a text card, no image rows or files", async () => {
      const { id } = await seedAnnouncement(server, { description: "Camp on Saturday", createdAt: new Date().toISOString() });
      const answer = await create(editForm(id, 1, { removeImage: "on" }));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(await counts()).toEqual({ announcements: 1, images: 0, files: 0 });
    });

    test("an edit from an older copy is refused (409) and changes nothing; one of a deleted announcement answers 404", async () => {
      const { id } = await seedAnnouncement(server, { description: "Camp on Saturday", createdAt: new Date().toISOString() });
      expect((await create(editForm(id, 1, { description: "First edit wins" }))).status).toBe(200);
      const stale = await create(editForm(id, 1, { description: "Second edit loses" }, await sampleJpeg()));
      expect([stale.status, stale.body.error]).toEqual([409, CONFLICT_MESSAGE]);
      expect(await (await getPage(server, "/announcement")).text()).toContain("First edit wins");
      expect((await counts()).images).toBe(1);
      await post(server, `/admin/announcements/${id}/delete`, {}, { cookie });
      expect((await create(editForm(id, 2))).status).toBe(404);
    });
  });

  describe("publishing", () => {
    const withFields = (fields: Record<string, string>) => {
      const form = imageForm({});
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      return form;
    };

    test("a draft, a scheduled one and an expired one are listed for the admin with their state, not on the public page", async () => {
      const announcements: Record<string, string>[] = [
        { description: "Draft for the welcome party", publish: "draft" },
        { description: "Scheduled for the next century", publish: "scheduled", publishAt: "2099-01-01T10:00" },
        { description: "Backdated and long expired", publish: "scheduled", publishAt: "2001-01-01T10:00", expiresAt: "2002-01-01T10:00" },
        { description: "Live right now, unpinned" },
        { description: "Live right now and pinned", pinned: "on" },
      ];
      for (const fields of announcements) {
        const answer = await create(withFields(fields));
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      }
      const publicHtml = await (await getPage(server, "/announcement")).text();
      expect(publicHtml).not.toContain("Draft for the welcome party");
      expect(publicHtml).not.toContain("Scheduled for the next century");
      expect(publicHtml).not.toContain("Backdated and long expired");
      // Pinned first, though published later... and earlier: the pinned one leads either way.
      expect(publicHtml.indexOf("Live right now and pinned")).toBeLessThan(publicHtml.indexOf("Live right now, unpinned"));

      const listed = async (query: string) => {
        const html = await (await getPage(server, `/admin-announcement${query}`, cookie)).text();
        return [
          "Draft for the welcome party",
          "Scheduled for the next century",
          "Backdated and long expired",
          "Live right now, unpinned",
          "Live right now and pinned",
        ].filter((text) => html.includes(text));
      };
      expect(await listed("")).toHaveLength(5);
      expect(await listed("?state=draft")).toEqual(["Draft for the welcome party"]);
      expect(await listed("?state=scheduled")).toEqual(["Scheduled for the next century"]);
      expect(await listed("?state=expired")).toEqual(["Backdated and long expired"]);
      expect(await listed("?state=live")).toEqual(["Live right now, unpinned", "Live right now and pinned"]);
      expect(await listed("?state=pinned")).toEqual(["Live right now and pinned"]);
    });

    test.each([
      [{ publish: "scheduled" }, "publishAt", "Choose the date and time it goes live"],
      [
        { publish: "scheduled", publishAt: "2099-01-01T10:00", expiresAt: "2099-01-01T09:00" },
        "expiresAt",
        "The expiry must be after the publish time",
      ],
      [{ expiresAt: "2001-01-01T10:00" }, "expiresAt", "The expiry must be after the publish time"],
      [{ publish: "scheduled", publishAt: "tomorrow" }, "publishAt", "Choose the date and time it goes live"],
      [{ eventEndsAt: "2099-01-01T09:00" }, "eventEndsAt", "Choose when the event starts first"],
      [{ eventStartsAt: "2099-01-01T10:00", eventEndsAt: "2099-01-01T10:00" }, "eventEndsAt", "The end must be after the start"],
      [{ publish: "whenever" }, "publish", "Choose when it goes live"],
    ])("%o is refused at its field (%s) and stores nothing", async (fields, field, message) => {
      const answer = await create(withFields({ description: "Blood donation camp on Saturday", ...fields }));
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.[field]).toBe(message);
      expect(await counts()).toEqual(nothingStored);
    });
  });
});
