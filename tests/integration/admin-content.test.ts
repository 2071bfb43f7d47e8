import { describe, expect, test } from "vitest";

import { newId } from "#server/db/ids.ts";
import { answerTestEngines } from "#tests/shared/test-database.ts";
import { auditActions, getPage, jpegWithGps, post, postToPage } from "./helpers/admin";
import { useTestServer } from "./helpers/use-test-server";
import { CONFLICT_MESSAGE, MOVE_MESSAGES, PHOTO_FORMATS_MESSAGE } from "#core/messages/content.ts";

/**
 * The admin's content screens over HTTP: what a form's answer says (status and shape), multipart uploads and their
 * cap, and the public pages showing an edit at the next request (through the page cache). The rules of each edit are
 * the content services' tests (server/services/content-editor.test.ts and its neighbours).
 */
describe.each(answerTestEngines())("site content edited by the admin on %s", (engine) => {
  const admin = useTestServer(engine, { signedIn: true });

  const details = () => admin.server.database.db.selectFrom("siteDetails").selectAll().executeTakeFirstOrThrow();
  const goals = () => admin.server.database.db.selectFrom("contentGoals").selectAll().orderBy("position").execute();
  const homePage = async () => (await getPage(admin.server, "/")).text();
  const detailsForm = async (changes: Record<string, string> = {}) => {
    const row = await details();
    return {
      name: row.name,
      shortName: row.shortName,
      tagline: row.tagline,
      heroText: row.heroText,
      mission: row.mission,
      videoChannelUrl: row.videoChannelUrl,
      whatsappContactUrl: row.whatsappContactUrl,
      whatsappCommunityUrl: row.whatsappCommunityUrl,
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

  test("a form's answer: saved, 200 with the new item's id; refused at a field, 400; from an older copy, 409; gone, 404", async () => {
    const save = (fields: Record<string, string>) =>
      postToPage(admin.server, "/admin/content/goals", { intent: "save", ...fields }, { cookie: admin.cookie });
    const added = await save({ title: "Blood donation drives", description: "Twice a term." });
    expect([added.status, added.body.ok]).toEqual([200, true]);
    const id = added.body.id as string;
    expect((await goals()).at(-1)).toMatchObject({ id, title: "Blood donation drives", version: 1 });

    const edit = { id, version: "1", title: "Blood drives", description: "Every month." };
    expect((await save(edit)).status).toBe(200);
    const stale = await save(edit);
    expect([stale.status, stale.body.ok, stale.body.error]).toEqual([409, false, CONFLICT_MESSAGE]);
    const empty = await save({ title: "", description: "No title" });
    expect([empty.status, empty.body.errors]).toEqual([400, { title: "Title is required" }]);

    expect((await post(admin.server, `/admin/content/goals/${id}/delete`, {}, { cookie: admin.cookie })).status).toBe(200);
    const gone = await save({ ...edit, version: "2" });
    expect([gone.status, gone.body.error]).toEqual([404, "No such item: it was deleted. Reload to see the latest."]);
    expect((await post(admin.server, `/admin/content/goals/${id}/delete`, {}, { cookie: admin.cookie })).status).toBe(404);
  });

  test("a photo travels in a multipart form and is served from /uploads; one that is no photo is refused at its field, one over 15 MB before it is read", async () => {
    const collaborators = () => admin.server.database.db.selectFrom("collaborators").selectAll().orderBy("position").execute();
    const save = (fields: Record<string, string>, photo?: Parameters<typeof photoForm>[1]) =>
      postToPage(admin.server, "/admin/content/collaborators", photoForm({ intent: "save", ...fields }, photo), { cookie: admin.cookie });
    const fields = { name: "City Blood Bank", description: "Runs our donation camps.", url: "https://bloodbank.example.org/" };
    const added = await save(fields, await aPhoto("logo.jpg"));
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const collaborator = (await collaborators()).at(-1)!;
    for (const file of await variantFiles(collaborator.imageId)) expect((await getPage(admin.server, file)).status, file).toBe(200);
    // Its card links its name to its site, in a new tab.
    expect(await homePage()).toMatch(
      /<a href="https:\/\/bloodbank\.example\.org\/" target="_blank" rel="noopener noreferrer"[^>]*>City Blood Bank<span class="sr-only"> \(opens in a new tab\)<\/span><\/a>/,
    );
    // An edit posted with no file chosen (an empty file part) keeps the logo.
    expect((await save({ ...fields, id: collaborator.id, version: "1", description: "Every term." })).status).toBe(200);
    expect((await collaborators()).at(-1)).toMatchObject({ description: "Every term.", imageId: collaborator.imageId });

    const before = { collaborators: await collaborators(), images: await imageIds() };
    const text = await save(fields, { body: "not a photo at all", type: "image/jpeg", name: "a.jpg" });
    expect([text.status, text.body.errors]).toEqual([400, { photo: PHOTO_FORMATS_MESSAGE }]);
    const big = { body: Buffer.alloc(15 * 1024 * 1024 + 100 * 1024, 1), type: "image/jpeg", name: "big.jpg" };
    expect((await save(fields, big)).status).toBe(413);
    expect({ collaborators: await collaborators(), images: await imageIds() }).toEqual(before);

    // A gallery's photos come one per request, each its own form.
    const gallery = await postToPage(
      admin.server,
      "/admin/content/galleries",
      { intent: "save", name: "Uploads", kind: "event" },
      { cookie: admin.cookie },
    );
    const upload = async (galleryId: string) => {
      const form = new FormData();
      form.append("photo", new Blob([new Uint8Array(await jpegWithGps())], { type: "image/jpeg" }), "one.jpg");
      return post(admin.server, `/admin/content/galleries/${galleryId}/photos`, form, { cookie: admin.cookie });
    };
    expect((await upload(gallery.body.id as string)).status).toBe(200);
    expect((await upload("0190f0a8-0000-7000-8000-000000000000")).status).toBe(404);
  });

  // A drag's drop: POST /admin/content/<list>/<id>/move with `to`, the item's place in the new order (0 at the top).
  const db = () => admin.server.database.db;
  const goalOrder = () => db().selectFrom("contentGoals").select(["id", "title", "position"]).orderBy("position").orderBy("id").execute();
  const moveTo = (list: string, id: string, to: string) =>
    post(admin.server, `/admin/content/${list}/${id}/move`, { to }, { cookie: admin.cookie });

  test("a drop's answer: 200 when moved; a place out of range or not one, 400 with the message; an unknown item or list, 404", async () => {
    const before = await goalOrder();
    const last = before.at(-1)!;
    const top = await moveTo("goals", last.id, "0");
    expect([top.status, top.body.ok]).toEqual([200, true]);
    expect((await goalOrder()).map((goal) => goal.id)).toEqual([last.id, ...before.slice(0, -1).map((goal) => goal.id)]);
    expect((await auditActions(admin.server)).at(-1)).toMatchObject({ action: "content.goal.move", detail: `goal=${last.id} to=0` });

    const moved = await goalOrder();
    for (const [fields, message] of [
      [{ to: String(before.length) }, MOVE_MESSAGES.outOfRange(before.length)],
      [{ to: "1.5" }, MOVE_MESSAGES.to],
      [{ to: "1", direction: "down" }, MOVE_MESSAGES.either],
    ] as const) {
      const answer = await post(admin.server, `/admin/content/goals/${last.id}/move`, fields, { cookie: admin.cookie });
      expect([answer.status, answer.body.ok, answer.body.error], JSON.stringify(fields)).toEqual([400, false, message]);
    }
    // Move up from the top: nowhere to go.
    const up = await post(admin.server, `/admin/content/goals/${last.id}/move`, { direction: "up" }, { cookie: admin.cookie });
    expect([up.status, up.body.ok]).toEqual([404, false]);
    const unknown = await moveTo("goals", newId(), "0");
    expect([unknown.status, unknown.body.error]).toEqual([404, "No such item: it was deleted. Reload to see the latest."]);
    expect((await moveTo("nothing", last.id, "0")).status).toBe(404);
    expect(await goalOrder()).toEqual(moved);
  });

  // Last in the file: it leaves the lists empty.
  test("edits show on the public pages at the next request, through the page cache: new texts, and empty lists left out", async () => {
    const lists = {
      goals: "contentGoals",
      team: "teamMembers",
      collaborators: "collaborators",
      resources: "resources",
      "social-links": "socialLinks",
    } as const;
    // Earlier tests may have emptied a list already; one social link makes sure "Follow us" is there to go.
    const link = { network: "facebook", label: "Facebook", url: "https://www.facebook.com/emptied.example" };
    expect(
      (await postToPage(admin.server, "/admin/content/home", { intent: "social-link", ...link }, { cookie: admin.cookie })).status,
    ).toBe(200);
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
    // A team card's description keeps its lines (the starting content's have several).
    expect(before).toMatch(/<p class="[^"]*whitespace-pre-line[^"]*">[^<]*\n[^<]*<\/p>/);
    const texts = { tagline: "A tagline saved by the admin", name: "Saved Society", shortName: "SAVED" };
    expect(
      (
        await postToPage(
          admin.server,
          "/admin/content/home",
          { intent: "details", ...(await detailsForm(texts)) },
          { cookie: admin.cookie },
        )
      ).status,
    ).toBe(200);
    for (const [list, table] of Object.entries(lists)) {
      for (const { id } of await admin.server.database.db.selectFrom(table).select("id").execute()) {
        expect((await post(admin.server, `/admin/content/${list}/${id}/delete`, {}, { cookie: admin.cookie })).status, list).toBe(200);
      }
    }
    const page = await getPage(admin.server, "/");
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const marker of gone) expect(html, String(marker)).not.toMatch(marker);
    expect(html).toContain("A tagline saved by the admin");
    const manifest = (await (await getPage(admin.server, "/manifest.webmanifest")).json()) as { name: string; short_name: string };
    expect(manifest).toMatchObject({ name: "Saved Society", short_name: "SAVED" });
    // What stays: the president's card under "Our Team", the resources section's channel link, the contact links.
    expect(html).toContain("Our Team");
    expect(html).toContain("Watch Youtube Channel");
    expect(html).toContain("Message us on WhatsApp");
  });
});
