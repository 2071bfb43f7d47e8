import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { CONFLICT_MESSAGE, PHOTO_FORMATS_MESSAGE } from "../../core/schemas/content-forms";
import { IPHONE_HEIC } from "../shared/iphone-heic";
import { testEngines } from "../shared/test-database";
import { auditActions, getPage, jpegWithGps, post } from "./helpers/admin";
import { useTestServer } from "./helpers/use-test-server";

/**
 * The admin's content screens over HTTP: every edit is checked on the server, refused whole when it is wrong or
 * stale, audited, and on the public home page at the next request (through the page cache).
 */
describe.each(testEngines())("site content edited by the admin on %s", (engine) => {
  const admin = useTestServer(engine, { signedIn: true });

  const details = () => admin.server.database.db.selectFrom("site_details").selectAll().executeTakeFirstOrThrow();
  const goals = () => admin.server.database.db.selectFrom("content_goals").selectAll().orderBy("position").execute();
  const homePage = async () => (await getPage(admin.server, "/")).text();
  const detailsForm = async (changes: Record<string, string> = {}) => {
    const row = await details();
    return {
      name: row.name,
      shortName: row.short_name,
      tagline: row.tagline,
      heroText: row.hero_text,
      mission: row.mission,
      videoChannelUrl: row.video_channel_url,
      whatsappContactUrl: row.whatsapp_contact_url,
      whatsappCommunityUrl: row.whatsapp_community_url,
      version: String(row.version),
      ...changes,
    };
  };

  const imageRow = (id: string) => admin.server.database.db.selectFrom("images").selectAll().where("id", "=", id).executeTakeFirst();
  const imageIds = () => admin.server.database.db.selectFrom("images").select("id").orderBy("id").execute();
  /** A content form as the browser posts it: its fields and the photo part (empty when no file was chosen). */
  const photoForm = (fields: Record<string, string>, photo?: { body: Buffer | string; type: string; name: string }) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append(
      "photo",
      photo ? new Blob([typeof photo.body === "string" ? photo.body : new Uint8Array(photo.body)], { type: photo.type }) : new Blob([]),
      photo?.name ?? "",
    );
    return form;
  };
  const aPhoto = async (name = "photo.jpg") => ({ body: await jpegWithGps(), type: "image/jpeg", name });
  const variantFiles = async (imageId: string) =>
    (JSON.parse((await imageRow(imageId))!.variants) as { key: string }[]).map((variant) => `/uploads/${variant.key}`);

  test("every screen and every write needs a session: pages go to the login (which leads back), writes answer 401 and change nothing", async () => {
    for (const path of ["/admin/content", "/admin/content/home", "/admin/content/goals"]) {
      const page = await getPage(admin.server, path);
      expect(page.status, path).toBe(302);
      expect(page.headers.get("location"), path).toBe(`/admin?next=${encodeURIComponent(path)}`);
      expect(page.headers.get("cache-control"), path).toBe("no-store");
    }
    const [goal] = await goals();
    const before = { details: await details(), goals: await goals() };
    for (const [path, fields] of [
      ["/admin/content/details", await detailsForm({ name: "Taken over" })],
      ["/admin/content/goals/save", { title: "Injected", description: "Injected goal" }],
      [`/admin/content/goals/${goal!.id}/delete`, {}],
      [`/admin/content/goals/${goal!.id}/move`, { direction: "down" }],
    ] as const) {
      expect((await post(admin.server, path, fields)).status, path).toBe(401);
    }
    expect({ details: await details(), goals: await goals() }).toEqual(before);
  });

  test("the screens open for a signed-in admin, and the panel links to them", async () => {
    expect(await (await getPage(admin.server, "/admin", admin.cookie)).text()).toContain('href="/admin/content"');
    const home = await (await getPage(admin.server, "/admin/content/home", admin.cookie)).text();
    expect(home).toContain(escapeHtml((await details()).tagline));
    const goalsPage = await (await getPage(admin.server, "/admin/content/goals", admin.cookie)).text();
    for (const goal of await goals()) expect(goalsPage).toContain(escapeHtml(goal.title));
  });

  test("saving the home screen's texts shows them on the home page at the next request, audited", async () => {
    expect(await homePage()).not.toContain("A tagline saved by the admin");
    const answer = await post(admin.server, "/admin/content/details", await detailsForm({ tagline: "A tagline saved by the admin" }), {
      cookie: admin.cookie,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.ok).toBe(true);
    expect(await homePage()).toContain("A tagline saved by the admin");
    expect((await auditActions(admin.server)).at(-1)).toMatchObject({ action: "content.details.edit" });
  });

  test("a save made from an older copy is refused with the conflict message and changes nothing", async () => {
    const stale = await detailsForm({ tagline: "The first admin's tagline" });
    expect((await post(admin.server, "/admin/content/details", stale, { cookie: admin.cookie })).status).toBe(200);
    const second = await post(
      admin.server,
      "/admin/content/details",
      { ...stale, tagline: "The second admin's tagline" },
      { cookie: admin.cookie },
    );
    expect(second.status).toBe(409);
    expect(second.body.error).toBe(CONFLICT_MESSAGE);
    expect((await details()).tagline).toBe("The first admin's tagline");
  });

  test.each([
    ["an empty name", { name: "   " }, "name", "Name is required"],
    [
      "a link that is not http(s)",
      { videoChannelUrl: "javascript:alert(1)" },
      "videoChannelUrl",
      "Video channel link must be a link starting with https:// or http://",
    ],
    ["a mission over its limit", { mission: "x".repeat(2001) }, "mission", "Mission must be at most 2000 characters"],
  ])("%s is refused at its field and changes nothing", async (_name, change, field, message) => {
    const before = await details();
    const answer = await post(admin.server, "/admin/content/details", await detailsForm(change), { cookie: admin.cookie });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[field]).toBe(message);
    expect(await details()).toEqual(before);
  });

  test("goals: add, edit, reorder and delete, each on the home page at the next request", async () => {
    const added = await post(
      admin.server,
      "/admin/content/goals/save",
      { title: "Blood donation drives", description: "Twice a term." },
      { cookie: admin.cookie },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const id = added.body.id as string;
    let stored = await goals();
    expect(stored.at(-1)).toMatchObject({ id, title: "Blood donation drives", version: 1 });
    expect(await homePage()).toContain("Blood donation drives");

    const edited = await post(
      admin.server,
      "/admin/content/goals/save",
      { id, version: "1", title: "Blood drives", description: "Every month." },
      { cookie: admin.cookie },
    );
    expect(edited.status).toBe(200);
    expect(await homePage()).toContain("Every month.");
    // The same edit again comes from version 1, which is gone.
    const stale = await post(
      admin.server,
      "/admin/content/goals/save",
      { id, version: "1", title: "Stale", description: "Stale edit." },
      { cookie: admin.cookie },
    );
    expect([stale.status, stale.body.error]).toEqual([409, CONFLICT_MESSAGE]);

    expect((await post(admin.server, `/admin/content/goals/${id}/move`, { direction: "up" }, { cookie: admin.cookie })).status).toBe(200);
    stored = await goals();
    expect(stored.map((g) => g.id).indexOf(id)).toBe(stored.length - 2);
    const html = await homePage();
    expect(html.indexOf("Blood drives")).toBeLessThan(html.indexOf(escapeHtml(stored.at(-1)!.title)));

    expect((await post(admin.server, `/admin/content/goals/${id}/delete`, {}, { cookie: admin.cookie })).status).toBe(200);
    expect((await goals()).map((g) => g.id)).not.toContain(id);
    expect(await homePage()).not.toContain("Blood drives");
    expect((await auditActions(admin.server)).slice(-4).map((entry) => entry.action)).toEqual([
      "content.goal.add",
      "content.goal.edit",
      "content.goal.move",
      "content.goal.delete",
    ]);
  });

  test("bad goal edits are refused with a message and change nothing", async () => {
    const before = await goals();
    const [first, last] = [before[0]!, before.at(-1)!];
    const empty = await post(admin.server, "/admin/content/goals/save", { title: "", description: "No title" }, { cookie: admin.cookie });
    expect([empty.status, empty.body.errors?.title]).toEqual([400, "Title is required"]);
    const long = await post(
      admin.server,
      "/admin/content/goals/save",
      { title: "Long", description: "y".repeat(501) },
      { cookie: admin.cookie },
    );
    expect([long.status, long.body.errors?.description]).toEqual([400, "Description must be at most 500 characters"]);
    expect((await post(admin.server, `/admin/content/goals/${first.id}/move`, { direction: "up" }, { cookie: admin.cookie })).status).toBe(
      404,
    );
    expect((await post(admin.server, `/admin/content/goals/${last.id}/move`, { direction: "down" }, { cookie: admin.cookie })).status).toBe(
      404,
    );
    expect(
      (await post(admin.server, `/admin/content/goals/${first.id}/move`, { direction: "sideways" }, { cookie: admin.cookie })).status,
    ).toBe(400);
    expect((await post(admin.server, "/admin/content/goals/not-an-id/delete", {}, { cookie: admin.cookie })).status).toBe(404);
    expect((await post(admin.server, `/admin/content/nothing/${first.id}/delete`, {}, { cookie: admin.cookie })).status).toBe(404);
    expect(await goals()).toEqual(before);
  });

  describe("team", () => {
    const members = () => admin.server.database.db.selectFrom("team_members").selectAll().orderBy("position").execute();

    test("a member added with a phone photo shows on the home page; the stored photo has no EXIF; removing it and deleting the member removes its files", async () => {
      const added = await post(
        admin.server,
        "/admin/content/team/save",
        photoForm(
          { name: "Maryam Siddiqui", title: "Events Secretary", description: "Plans the events\nBooks the halls" },
          { body: await jpegWithGps(), type: "image/jpeg", name: "maryam.jpg" },
        ),
        { cookie: admin.cookie },
      );
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const member = (await members()).at(-1)!;
      expect(member).toMatchObject({
        name: "Maryam Siddiqui",
        title: "Events Secretary",
        description: "Plans the events\nBooks the halls",
      });
      const image = (await imageRow(member.image_id!))!;
      const variants = JSON.parse(image.variants) as { key: string }[];
      for (const variant of variants) {
        const file = await getPage(admin.server, `/uploads/${variant.key}`);
        expect(file.status).toBe(200);
        const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
        expect(meta.exif).toBeUndefined();
      }
      const html = await homePage();
      expect(html).toContain("Maryam Siddiqui");
      expect(html).toContain(`/uploads/${variants[0]!.key}`);

      const removed = await post(
        admin.server,
        "/admin/content/team/save",
        photoForm({
          id: member.id,
          version: String(member.version),
          name: "Maryam Siddiqui",
          title: "Events Secretary",
          removePhoto: "on",
        }),
        { cookie: admin.cookie },
      );
      expect(removed.status, JSON.stringify(removed.body)).toBe(200);
      expect((await members()).at(-1)!.image_id).toBeNull();
      expect(await imageRow(image.id)).toBeUndefined();
      for (const variant of variants) expect((await getPage(admin.server, `/uploads/${variant.key}`)).status).toBe(404);

      expect((await post(admin.server, `/admin/content/team/${member.id}/delete`, {}, { cookie: admin.cookie })).status).toBe(200);
      expect(await homePage()).not.toContain("Maryam Siddiqui");
    });

    test.each([
      [
        "a GIF",
        async () => ({
          body: await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
            .gif()
            .toBuffer(),
          type: "image/gif",
          name: "a.gif",
        }),
      ],
      ["a text file called .jpg", async () => ({ body: "not a photo at all", type: "image/jpeg", name: "a.jpg" })],
      ["an iPhone's HEIC", async () => ({ body: IPHONE_HEIC, type: "image/heic", name: "IMG_0001.HEIC" })],
    ])("%s is refused at the photo, naming the formats that work, and nothing is stored", async (_name, file) => {
      const before = { members: await members(), images: await admin.server.database.db.selectFrom("images").select("id").execute() };
      const answer = await post(
        admin.server,
        "/admin/content/team/save",
        photoForm({ name: "Refused Photo", title: "Member" }, await file()),
        {
          cookie: admin.cookie,
        },
      );
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.photo).toBe(PHOTO_FORMATS_MESSAGE);
      expect({ members: await members(), images: await admin.server.database.db.selectFrom("images").select("id").execute() }).toEqual(
        before,
      );
    });

    test("a photo over 15 MB is refused before it is read, and nothing is stored", async () => {
      const before = await members();
      const answer = await post(
        admin.server,
        "/admin/content/team/save",
        photoForm(
          { name: "Too Large", title: "Member" },
          { body: Buffer.alloc(15 * 1024 * 1024 + 100 * 1024, 1), type: "image/jpeg", name: "big.jpg" },
        ),
        { cookie: admin.cookie },
      );
      expect(answer.status).toBe(413);
      expect(await members()).toEqual(before);
    });

    test("a stale edit of a member is refused, and the photo it carried is not kept", async () => {
      const member = (await members())[0]!;
      const fields = { id: member.id, version: String(member.version), name: member.name, title: member.title };
      expect((await post(admin.server, "/admin/content/team/save", photoForm(fields), { cookie: admin.cookie })).status).toBe(200);
      const imagesBefore = await admin.server.database.db.selectFrom("images").select("id").execute();
      const stale = await post(
        admin.server,
        "/admin/content/team/save",
        photoForm(fields, { body: await jpegWithGps(), type: "image/jpeg", name: "x.jpg" }),
        { cookie: admin.cookie },
      );
      expect([stale.status, stale.body.error]).toEqual([409, CONFLICT_MESSAGE]);
      expect(await admin.server.database.db.selectFrom("images").select("id").execute()).toEqual(imagesBefore);
    });
  });

  describe("president", () => {
    const presidentForm = async (changes: Record<string, string> = {}) => {
      const row = await details();
      return {
        name: row.president_name,
        title: row.president_title,
        message: row.president_message,
        version: String(row.version),
        ...changes,
      };
    };
    const save = async (fields: Record<string, string>, photo?: Parameters<typeof photoForm>[1]) =>
      post(admin.server, "/admin/content/president", photoForm(fields, photo), { cookie: admin.cookie });

    test("a new president with a new photo shows on the home page at the next request; the old photo's files go, audited", async () => {
      const before = await details();
      const answer = await save(
        await presidentForm({ name: "Zara Malik", title: "President 2026-27", message: "Welcome, all." }),
        await aPhoto(),
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const after = await details();
      expect(after).toMatchObject({
        president_name: "Zara Malik",
        president_title: "President 2026-27",
        president_message: "Welcome, all.",
      });
      expect(after.president_image_id).not.toBe(before.president_image_id);
      const html = await homePage();
      expect(html).toContain("Zara Malik");
      expect(html).toContain("Welcome, all.");
      expect(html).toContain(`/uploads/content/${after.president_image_id}-`);
      expect((await auditActions(admin.server)).at(-1)).toMatchObject({ action: "content.president.edit" });
      // Nothing else showed the old photo.
      expect(await imageRow(before.president_image_id)).toBeUndefined();

      // Without a new photo, the photo stays.
      expect((await save(await presidentForm({ message: "Welcome again." }))).status).toBe(200);
      expect(await details()).toMatchObject({ president_message: "Welcome again.", president_image_id: after.president_image_id });
    });

    test("an empty name, a message over its limit, a stale version or a file that is no photo is refused, changing nothing", async () => {
      const before = { details: await details(), images: await imageIds() };
      const empty = await save(await presidentForm({ name: " " }));
      expect(empty.status).toBe(400);
      expect(empty.body.errors?.name).toBe("Name is required");
      const long = await save(await presidentForm({ message: "x".repeat(2001) }));
      expect(long.status).toBe(400);
      expect(long.body.errors?.message).toBe("Message must be at most 2000 characters");
      const stale = await save(await presidentForm({ name: "Someone Else", version: String(before.details.version - 1) }), await aPhoto());
      expect(stale.status).toBe(409);
      expect(stale.body.error).toBe(CONFLICT_MESSAGE);
      const text = await save(await presidentForm({ name: "Someone Else" }), { body: "not a photo", type: "image/jpeg", name: "x.jpg" });
      expect(text.status).toBe(400);
      expect(text.body.errors?.photo).toBe(PHOTO_FORMATS_MESSAGE);
      expect({ details: await details(), images: await imageIds() }).toEqual(before);
    });
  });

  describe("logo", () => {
    const save = async (fields: Record<string, string>, photo?: Parameters<typeof photoForm>[1]) =>
      post(admin.server, "/admin/content/logo", photoForm(fields, photo), { cookie: admin.cookie });
    const logoForm = async (changes: Record<string, string> = {}) => {
      const row = await details();
      return { alt: row.logo_alt, version: String(row.version), ...changes };
    };

    test("a new logo shows in the top bar and becomes the site's icons at the next request, audited", async () => {
      const before = await details();
      const logo = await sharp({ create: { width: 600, height: 600, channels: 4, background: "#c03" } })
        .png()
        .toBuffer();
      const answer = await save(await logoForm({ alt: "A red square, our new logo" }), { body: logo, type: "image/png", name: "logo.png" });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const after = await details();
      expect(after.logo_alt).toBe("A red square, our new logo");
      expect(after.logo_image_id).not.toBe(before.logo_image_id);
      const variants = JSON.parse((await imageRow(after.logo_image_id))!.variants) as { key: string; format: string; width: number }[];
      // Made like the starting content's logo: small widths for the top bar, square PNG icons for tabs and home screens.
      expect(variants.filter((v) => v.format === "png").map((v) => v.width)).toEqual(expect.arrayContaining([32, 180, 192, 512]));
      const html = await homePage();
      expect(html).toContain("A red square, our new logo");
      expect(html).toContain(`/uploads/content/${after.logo_image_id}-`);
      const manifest = await (await getPage(admin.server, "/manifest.webmanifest")).text();
      expect(manifest).toContain(`/uploads/content/${after.logo_image_id}-512.png`);
      expect((await auditActions(admin.server)).at(-1)).toMatchObject({ action: "content.logo.edit" });
      // The old logo stays only while a team card shows it too (a wing's card may).
      const cardsWithOldLogo = await admin.server.database.db
        .selectFrom("team_members")
        .select("id")
        .where("image_id", "=", before.logo_image_id)
        .execute();
      expect(Boolean(await imageRow(before.logo_image_id))).toBe(cardsWithOldLogo.length > 0);

      // Without a new picture, only the description changes.
      expect((await save(await logoForm({ alt: "Our logo" }))).status).toBe(200);
      expect(await details()).toMatchObject({ logo_alt: "Our logo", logo_image_id: after.logo_image_id });
    });

    test("an empty description, a stale version or a file that is no photo is refused, changing nothing", async () => {
      const before = { details: await details(), images: await imageIds() };
      const empty = await save(await logoForm({ alt: "  " }));
      expect([empty.status, empty.body.errors?.alt]).toEqual([400, "Description is required"]);
      const stale = await save(await logoForm({ version: String(before.details.version - 1) }), await aPhoto());
      expect([stale.status, stale.body.error]).toEqual([409, CONFLICT_MESSAGE]);
      const text = await save(await logoForm(), { body: "<svg/>", type: "image/svg+xml", name: "logo.svg" });
      expect([text.status, text.body.errors?.photo]).toEqual([400, PHOTO_FORMATS_MESSAGE]);
      expect({ details: await details(), images: await imageIds() }).toEqual(before);
    });
  });

  describe("social links", () => {
    const links = () => admin.server.database.db.selectFrom("social_links").selectAll().orderBy("position").execute();

    test("add, edit, reorder and delete, each on the home page at the next request, audited", async () => {
      const added = await post(
        admin.server,
        "/admin/content/social-links/save",
        { network: "instagram", label: "Instagram (Alumni)", url: "https://www.instagram.com/alumni.example" },
        { cookie: admin.cookie },
      );
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const id = added.body.id as string;
      expect((await links()).at(-1)).toMatchObject({ id, network: "instagram", label: "Instagram (Alumni)", version: 1 });
      expect(await homePage()).toContain("https://www.instagram.com/alumni.example");

      const edited = await post(
        admin.server,
        "/admin/content/social-links/save",
        { id, version: "1", network: "facebook", label: "Alumni on Facebook", url: "https://www.facebook.com/alumni.example" },
        { cookie: admin.cookie },
      );
      expect(edited.status).toBe(200);
      let html = await homePage();
      expect(html).toContain(`href="https://www.facebook.com/alumni.example"`);
      expect(html).not.toContain("https://www.instagram.com/alumni.example");

      expect(
        (await post(admin.server, `/admin/content/social-links/${id}/move`, { direction: "up" }, { cookie: admin.cookie })).status,
      ).toBe(200);
      const stored = await links();
      expect(stored.map((link) => link.id).indexOf(id)).toBe(stored.length - 2);
      html = await homePage();
      expect(html.indexOf("https://www.facebook.com/alumni.example")).toBeLessThan(html.indexOf(escapeHtml(stored.at(-1)!.url)));

      expect((await post(admin.server, `/admin/content/social-links/${id}/delete`, {}, { cookie: admin.cookie })).status).toBe(200);
      expect(await homePage()).not.toContain("alumni.example");
      expect((await auditActions(admin.server)).slice(-4).map((entry) => entry.action)).toEqual([
        "content.social-link.add",
        "content.social-link.edit",
        "content.social-link.move",
        "content.social-link.delete",
      ]);
    });

    test("an unknown network, an empty label, a link that is not http(s) or a stale version is refused, changing nothing", async () => {
      const before = await links();
      const [first] = before;
      const cases = [
        [{ network: "myspace", label: "Old", url: "https://myspace.example" }, 400, "network", "Choose Facebook or Instagram"],
        [{ network: "facebook", label: " ", url: "https://facebook.example" }, 400, "label", "Label is required"],
        [
          { network: "facebook", label: "Bad", url: "javascript:alert(1)" },
          400,
          "url",
          "Link must be a link starting with https:// or http://",
        ],
      ] as const;
      for (const [fields, status, field, message] of cases) {
        const answer = await post(admin.server, "/admin/content/social-links/save", fields, { cookie: admin.cookie });
        expect([answer.status, answer.body.errors?.[field]], field).toEqual([status, message]);
      }
      const stale = await post(
        admin.server,
        "/admin/content/social-links/save",
        { id: first!.id, version: String(first!.version + 1), network: "facebook", label: "Stale", url: "https://stale.example" },
        { cookie: admin.cookie },
      );
      expect([stale.status, stale.body.error]).toEqual([409, CONFLICT_MESSAGE]);
      expect(await links()).toEqual(before);
    });

    test("with every link deleted, the home page shows no social links and no empty “Follow us”", async () => {
      for (const link of await links()) {
        expect((await post(admin.server, `/admin/content/social-links/${link.id}/delete`, {}, { cookie: admin.cookie })).status).toBe(200);
      }
      const html = await homePage();
      expect(html).not.toContain("Follow us");
      expect(html).toContain("Message us on WhatsApp");
    });
  });

  describe("collaborators", () => {
    const collaborators = () => admin.server.database.db.selectFrom("collaborators").selectAll().orderBy("position").execute();
    const save = (fields: Record<string, string>, photo?: Awaited<ReturnType<typeof aPhoto>>) =>
      post(admin.server, "/admin/content/collaborators/save", photoForm(fields, photo), { cookie: admin.cookie });

    test("a new collaborator needs its logo; with one and a link it shows on the home page, linked", async () => {
      const before = await collaborators();
      const withoutLogo = await save({ name: "City Blood Bank", description: "Runs our donation camps." });
      expect(withoutLogo.status).toBe(400);
      expect(withoutLogo.body.errors?.photo).toBe("Choose the collaborator's logo");
      expect(await collaborators()).toEqual(before);

      const added = await save(
        { name: "City Blood Bank", description: "Runs our donation camps.", url: "https://bloodbank.example.org/" },
        await aPhoto("logo.jpg"),
      );
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const collaborator = (await collaborators()).at(-1)!;
      expect(collaborator).toMatchObject({ name: "City Blood Bank", url: "https://bloodbank.example.org/", version: 1 });
      const html = await homePage();
      expect(html).toContain('href="https://bloodbank.example.org/"');
      expect(html).toContain("Runs our donation camps.");
      expect(html).toContain("City Blood Bank logo");
      expect((await auditActions(admin.server)).at(-1)).toMatchObject({ action: "content.collaborator.add" });
    });

    test("a new logo replaces the old one, whose files go; a cleared link unlinks the name; deleting removes the logo", async () => {
      await save({ name: "Green Campus", description: "Plants trees with us.", url: "https://green.example.org/" }, await aPhoto());
      const added = (await collaborators()).at(-1)!;
      const oldFiles = await variantFiles(added.image_id);

      const replaced = await save(
        { id: added.id, version: String(added.version), name: "Green Campus", description: "Plants trees with us.", url: "" },
        await aPhoto("new-logo.jpg"),
      );
      expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
      const edited = (await collaborators()).at(-1)!;
      expect(edited).toMatchObject({ id: added.id, url: null, version: 2 });
      expect(edited.image_id).not.toBe(added.image_id);
      expect(await imageRow(added.image_id)).toBeUndefined();
      for (const file of oldFiles) expect((await getPage(admin.server, file)).status).toBe(404);
      expect(await homePage()).not.toContain("https://green.example.org/");

      const newFiles = await variantFiles(edited.image_id);
      expect((await post(admin.server, `/admin/content/collaborators/${added.id}/delete`, {}, { cookie: admin.cookie })).status).toBe(200);
      expect(await homePage()).not.toContain("Plants trees with us.");
      expect(await imageRow(edited.image_id)).toBeUndefined();
      for (const file of newFiles) expect((await getPage(admin.server, file)).status).toBe(404);
    });

    test("a link that is not http(s) is refused at its field, and nothing is stored", async () => {
      const before = { collaborators: await collaborators(), images: await imageIds() };
      const answer = await save({ name: "Bad Link", description: "Links nowhere safe.", url: "javascript:alert(1)" }, await aPhoto());
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.url).toBe("Link must be a link starting with https:// or http://");
      expect({ collaborators: await collaborators(), images: await imageIds() }).toEqual(before);
    });
  });

  describe("resources", () => {
    const resources = () => admin.server.database.db.selectFrom("resources").selectAll().orderBy("position").execute();
    const save = (fields: Record<string, string>, photo?: Awaited<ReturnType<typeof aPhoto>>) =>
      post(admin.server, "/admin/content/resources/save", photoForm(fields, photo), { cookie: admin.cookie });

    test("a resource added shows as a card and in the Resources menu; edited, moved and deleted at the next request", async () => {
      const added = await save(
        { title: "5th Year Notes", menuLabel: "5th Year", url: "https://drive.example.org/5th-year" },
        await aPhoto("5th.jpg"),
      );
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const resource = (await resources()).at(-1)!;
      let html = await homePage();
      expect(html).toContain("5th Year Notes");
      expect(html).toContain(">5th Year<");
      expect(html).toContain('href="https://drive.example.org/5th-year"');

      const edited = await save({
        id: resource.id,
        version: String(resource.version),
        title: "Final Year Notes",
        menuLabel: "Final Year",
        url: "https://drive.example.org/final-year",
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect((await resources()).at(-1)!.image_id).toBe(resource.image_id);
      html = await homePage();
      expect(html).toContain("Final Year Notes");
      expect(html).not.toContain("5th Year Notes");

      expect(
        (await post(admin.server, `/admin/content/resources/${resource.id}/move`, { direction: "up" }, { cookie: admin.cookie })).status,
      ).toBe(200);
      const order = (await resources()).map((r) => r.id);
      expect(order.indexOf(resource.id)).toBe(order.length - 2);
      html = await homePage();
      expect(html.indexOf("Final Year Notes")).toBeLessThan(html.indexOf(escapeHtml((await resources()).at(-1)!.title)));

      expect((await post(admin.server, `/admin/content/resources/${resource.id}/delete`, {}, { cookie: admin.cookie })).status).toBe(200);
      expect(await homePage()).not.toContain("Final Year Notes");
      expect(await imageRow(resource.image_id)).toBeUndefined();
      expect((await auditActions(admin.server)).slice(-4).map((entry) => entry.action)).toEqual([
        "content.resource.add",
        "content.resource.edit",
        "content.resource.move",
        "content.resource.delete",
      ]);
    });

    test.each([
      ["an empty menu label", { menuLabel: "  " }, "menuLabel", "Menu label is required"],
      ["a link that is not a link", { url: "drive folder" }, "url", "Link must be a link starting with https:// or http://"],
      ["a title over its limit", { title: "x".repeat(101) }, "title", "Title must be at most 100 characters"],
    ])("%s is refused at its field and changes nothing", async (_name, change, field, message) => {
      const resource = (await resources())[0]!;
      const before = await resources();
      const answer = await save({
        id: resource.id,
        version: String(resource.version),
        title: resource.title,
        menuLabel: resource.menu_label,
        url: resource.url,
        ...change,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.[field]).toBe(message);
      expect(await resources()).toEqual(before);
    });
  });

  describe("galleries", () => {
    const gallery = (id: string) =>
      admin.server.database.db.selectFrom("galleries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const photosOf = (galleryId: string) =>
      admin.server.database.db.selectFrom("gallery_photos").selectAll().where("gallery_id", "=", galleryId).orderBy("position").execute();
    const eventsPage = async () => (await getPage(admin.server, "/events-and-activities")).text();
    const newGallery = async (fields: Record<string, string>) => {
      const answer = await post(admin.server, "/admin/content/galleries/save", fields, { cookie: admin.cookie });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.id as string;
    };
    const upload = (galleryId: string, photo: { body: Buffer | string; type: string; name: string }) => {
      const form = new FormData();
      form.append(
        "photo",
        new Blob([typeof photo.body === "string" ? photo.body : new Uint8Array(photo.body)], { type: photo.type }),
        photo.name,
      );
      return post(admin.server, `/admin/content/galleries/${galleryId}/photos`, form, { cookie: admin.cookie });
    };

    test("a new gallery stays off the public page until its first photo lands; each upload joins its end, audited", async () => {
      const id = await newGallery({ name: "Welcome Party 2026", kind: "event", date: "2026-10-03", description: "Our freshers' welcome." });
      expect(await gallery(id)).toMatchObject({
        kind: "event",
        name: "Welcome Party 2026",
        slug: "welcome-party-2026",
        date: "2026-10-03",
      });
      expect(await eventsPage()).not.toContain("Welcome Party 2026");

      for (const name of ["one.jpg", "two.jpg"]) {
        const answer = await upload(id, await aPhoto(name));
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      }
      const photos = await photosOf(id);
      expect(photos.map((p) => p.position)).toEqual([0, 1]);
      const html = await eventsPage();
      expect(html).toContain("Welcome Party 2026");
      const [firstFile] = await variantFiles(photos[0]!.image_id);
      expect(html).toContain(firstFile!.replace(/-\d+\.\w+$/, ""));
      expect((await auditActions(admin.server)).slice(-3).map((e) => e.action)).toEqual([
        "content.gallery.add",
        "content.gallery-photo.add",
        "content.gallery-photo.add",
      ]);

      // Another gallery of the same name gets an address of its own.
      const twin = await newGallery({ name: "Welcome Party 2026", kind: "activity" });
      expect((await gallery(twin)).slug).toBe("welcome-party-2026-2");
    });

    test("a photo that is not a JPEG, PNG, WebP or AVIF is refused at the photo, and nothing is stored", async () => {
      const id = await newGallery({ name: "Refusals", kind: "activity" });
      const before = await imageIds();
      const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
        .gif()
        .toBuffer();
      for (const file of [
        { body: gif, type: "image/gif", name: "a.gif" },
        { body: "not a photo", type: "image/jpeg", name: "a.jpg" },
      ]) {
        const answer = await upload(id, file);
        expect(answer.status).toBe(400);
        expect(answer.body.errors?.photo).toBe(PHOTO_FORMATS_MESSAGE);
      }
      expect(await photosOf(id)).toEqual([]);
      expect(await imageIds()).toEqual(before);
    });

    test("a photo for a gallery that is gone answers 404 and leaves no image behind", async () => {
      const before = await imageIds();
      const answer = await upload("0190f0a8-0000-7000-8000-000000000000", await aPhoto());
      expect(answer.status).toBe(404);
      expect(await imageIds()).toEqual(before);
    });

    test("a photo's alt text and cover are saved at their version; the public page uses the alt text", async () => {
      const id = await newGallery({ name: "Plantation Drive", kind: "activity" });
      await upload(id, await aPhoto());
      await upload(id, await aPhoto());
      const [, second] = await photosOf(id);
      const saved = await post(
        admin.server,
        "/admin/content/gallery-photos/save",
        { id: second!.id, version: String(second!.version), alt: "Students planting saplings", cover: "on" },
        { cookie: admin.cookie },
      );
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect((await gallery(id)).cover_photo_id).toBe(second!.id);
      expect(await eventsPage()).toContain("Students planting saplings");

      const stale = await post(
        admin.server,
        "/admin/content/gallery-photos/save",
        { id: second!.id, version: String(second!.version), alt: "A stale alt text" },
        { cookie: admin.cookie },
      );
      expect([stale.status, stale.body.error]).toEqual([409, CONFLICT_MESSAGE]);
      expect((await photosOf(id))[1]!.alt).toBe("Students planting saplings");
      expect((await gallery(id)).cover_photo_id).toBe(second!.id);
    });

    test("photos are moved and deleted (their files go); deleting a gallery takes its photos; the Explore SMC gallery stays", async () => {
      const id = await newGallery({ name: "Sports Gala", kind: "event" });
      await upload(id, await aPhoto());
      await upload(id, await aPhoto());
      const [first, second] = await photosOf(id);
      expect(
        (await post(admin.server, `/admin/content/gallery-photos/${second!.id}/move`, { direction: "up" }, { cookie: admin.cookie }))
          .status,
      ).toBe(200);
      expect((await photosOf(id)).map((p) => p.id)).toEqual([second!.id, first!.id]);

      const firstFiles = await variantFiles(first!.image_id);
      expect((await post(admin.server, `/admin/content/gallery-photos/${first!.id}/delete`, {}, { cookie: admin.cookie })).status).toBe(
        200,
      );
      expect((await photosOf(id)).map((p) => p.id)).toEqual([second!.id]);
      for (const file of firstFiles) expect((await getPage(admin.server, file)).status).toBe(404);

      const secondFiles = await variantFiles(second!.image_id);
      expect((await post(admin.server, `/admin/content/galleries/${id}/delete`, {}, { cookie: admin.cookie })).status).toBe(200);
      expect(await eventsPage()).not.toContain("Sports Gala");
      expect(await imageRow(second!.image_id)).toBeUndefined();
      for (const file of secondFiles) expect((await getPage(admin.server, file)).status).toBe(404);

      const explore = await admin.server.database.db
        .selectFrom("galleries")
        .select("id")
        .where("kind", "=", "explore")
        .executeTakeFirstOrThrow();
      expect((await post(admin.server, `/admin/content/galleries/${explore.id}/delete`, {}, { cookie: admin.cookie })).status).toBe(404);
      expect(await gallery(explore.id)).toBeDefined();
    });

    test("a renamed gallery keeps its address; a bad date or kind is refused at its field and changes nothing", async () => {
      const id = await newGallery({ name: "Med Doc Night", kind: "event" });
      const renamed = await post(
        admin.server,
        "/admin/content/galleries/save",
        { id, version: "1", name: "Med Doc Evening", kind: "event" },
        { cookie: admin.cookie },
      );
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect(await gallery(id)).toMatchObject({ name: "Med Doc Evening", slug: "med-doc-night", version: 2 });

      const before = await gallery(id);
      for (const [change, field, message] of [
        [{ date: "14/03/2026" }, "date", "Date must be a date, such as 2026-03-14"],
        [{ kind: "explore" }, "kind", "Choose Event or Activity"],
        [{ name: "" }, "name", "Name is required"],
      ] as const) {
        const answer = await post(
          admin.server,
          "/admin/content/galleries/save",
          { id, version: "2", name: "Med Doc Evening", kind: "event", ...change },
          { cookie: admin.cookie },
        );
        expect(answer.status).toBe(400);
        expect(answer.body.errors?.[field]).toBe(message);
      }
      expect(await gallery(id)).toEqual(before);
    });
  });

  // Last in the file: it leaves the lists empty.
  test("with every goal, member, collaborator, resource and social link deleted, the home page and menu leave out what is empty", async () => {
    const lists = {
      goals: "content_goals",
      team: "team_members",
      collaborators: "collaborators",
      resources: "resources",
      "social-links": "social_links",
    } as const;
    // Earlier tests may have emptied a list already; one social link makes sure "Follow us" is there to go.
    const link = { network: "facebook", label: "Facebook", url: "https://www.facebook.com/emptied.example" };
    expect((await post(admin.server, "/admin/content/social-links/save", link, { cookie: admin.cookie })).status).toBe(200);
    // Each of these is on the page before, so its absence after means something.
    const gone = [
      "Our Goals",
      "Our Collaborator",
      'href="/#collaborator"',
      /<button[^>]*>Resources/,
      /<summary[^>]*>Resources/,
      "Follow us",
      "View Notes",
    ];
    const before = await homePage();
    for (const marker of gone) expect(before, String(marker)).toMatch(marker);
    for (const [list, table] of Object.entries(lists)) {
      for (const { id } of await admin.server.database.db.selectFrom(table).select("id").execute()) {
        expect((await post(admin.server, `/admin/content/${list}/${id}/delete`, {}, { cookie: admin.cookie })).status, list).toBe(200);
      }
    }
    const page = await getPage(admin.server, "/");
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const marker of gone) expect(html, String(marker)).not.toMatch(marker);
    // What stays: the president's card under "Our Team", the resources section's channel link, the contact links.
    expect(html).toContain("Our Team");
    expect(html).toContain("Watch Youtube Channel");
    expect(html).toContain("Message us on WhatsApp");
  });
});

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");
