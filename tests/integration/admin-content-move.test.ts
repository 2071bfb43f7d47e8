import { describe, expect, test } from "vitest";
import { MOVE_MESSAGES } from "../../core/schemas/content-forms";
import { newId } from "../../server/db/ids";
import { testEngines } from "../shared/test-database";
import { auditActions, getPage, post } from "./helpers/admin";
import { useTestServer } from "./helpers/use-test-server";

/**
 * A drag's drop over HTTP: POST /admin/content/<list>/<id>/move with `to`, the item's place in the new order (0 at
 * the top). Checked on the server (a session, a whole place within the list), audited like Move up / Move down, and
 * on the public pages at the next request; anything refused changes nothing.
 */
describe.each(testEngines())("moving a content item to a place on %s", (engine) => {
  const admin = useTestServer(engine, { signedIn: true });

  const db = () => admin.server.database.db;
  const goals = () => db().selectFrom("content_goals").select(["id", "title", "position"]).orderBy("position").orderBy("id").execute();
  const contentVersion = async () =>
    (await db().selectFrom("settings").select("content_version").executeTakeFirstOrThrow()).content_version;
  const moveTo = (list: string, id: string, to: string) =>
    post(admin.server, `/admin/content/${list}/${id}/move`, { to }, { cookie: admin.cookie });
  /** The titles in the order the home page shows them. */
  const homeOrder = async (titles: readonly string[]) => {
    const html = await (await getPage(admin.server, "/")).text();
    return [...titles].sort((a, b) => html.indexOf(escapeHtml(a)) - html.indexOf(escapeHtml(b)));
  };

  test("a goal moved to the top, then to the bottom: the new order's positions, on / at the next request, audited", async () => {
    const before = await goals();
    const last = before.at(-1)!;
    const versionBefore = await contentVersion();

    const top = await moveTo("goals", last.id, "0");
    expect([top.status, top.body.ok]).toEqual([200, true]);
    let stored = await goals();
    expect(stored.map((goal) => goal.id)).toEqual([last.id, ...before.slice(0, -1).map((goal) => goal.id)]);
    expect(stored.map((goal) => goal.position)).toEqual(stored.map((_, index) => index));
    expect(await homeOrder(stored.map((goal) => goal.title))).toEqual(stored.map((goal) => goal.title));
    expect(await contentVersion()).toBeGreaterThan(versionBefore);
    expect((await auditActions(admin.server)).at(-1)).toMatchObject({ action: "content.goal.move", detail: `goal=${last.id} to=0` });

    const first = stored[0]!;
    const bottom = await moveTo("goals", first.id, String(stored.length - 1));
    expect(bottom.status).toBe(200);
    stored = await goals();
    expect(stored.map((goal) => goal.id)).toEqual(before.map((goal) => goal.id));
    expect(await homeOrder(stored.map((goal) => goal.title))).toEqual(before.map((goal) => goal.title));
  });

  test("a goal moved to where it is already: 200, and nothing is changed or recorded", async () => {
    const before = await goals();
    const [audit, version] = [await auditActions(admin.server), await contentVersion()];
    const answer = await moveTo("goals", before[2]!.id, "2");
    expect([answer.status, answer.body.ok]).toEqual([200, true]);
    expect(await goals()).toEqual(before);
    expect(await auditActions(admin.server)).toEqual(audit);
    expect(await contentVersion()).toBe(version);
  });

  test("a bad place is refused with a message saying which places there are, and nothing changes", async () => {
    const before = await goals();
    const [audit, version] = [await auditActions(admin.server), await contentVersion()];
    const id = before[0]!.id;
    const refusals: Array<[fields: Record<string, string>, status: number, message: string]> = [
      [{ to: String(before.length) }, 400, MOVE_MESSAGES.outOfRange(before.length)],
      [{ to: "999999" }, 400, MOVE_MESSAGES.outOfRange(before.length)],
      [{ to: "-1" }, 400, MOVE_MESSAGES.to],
      [{ to: "1.5" }, 400, MOVE_MESSAGES.to],
      [{ to: "1e2" }, 400, MOVE_MESSAGES.to],
      [{ to: "" }, 400, MOVE_MESSAGES.to],
      [{ to: "two" }, 400, MOVE_MESSAGES.to],
      [{ to: "99999999999999999999" }, 400, MOVE_MESSAGES.to],
      [{ to: "1", direction: "down" }, 400, MOVE_MESSAGES.either],
      [{}, 400, MOVE_MESSAGES.either],
    ];
    for (const [fields, status, message] of refusals) {
      const answer = await post(admin.server, `/admin/content/goals/${id}/move`, fields, { cookie: admin.cookie });
      expect([answer.status, answer.body.ok, answer.body.error], JSON.stringify(fields)).toEqual([status, false, message]);
    }
    expect(await goals()).toEqual(before);
    expect(await auditActions(admin.server)).toEqual(audit);
    expect(await contentVersion()).toBe(version);
  });

  test("an unknown item, an unknown list, or no session: refused, and nothing changes", async () => {
    const before = await goals();
    const [audit, version] = [await auditActions(admin.server), await contentVersion()];
    expect((await moveTo("goals", newId(), "0")).status).toBe(404);
    expect((await moveTo("goals", "not-an-id", "0")).status).toBe(404);
    expect((await moveTo("nothing", before[0]!.id, "0")).status).toBe(404);
    // A goal's id on another list is not an item of it.
    expect((await moveTo("team", before[0]!.id, "0")).status).toBe(404);
    const anonymous = await post(admin.server, `/admin/content/goals/${before.at(-1)!.id}/move`, { to: "0" });
    expect([anonymous.status, anonymous.body.error]).toEqual([401, "Your session has ended. Please log in again."]);
    expect(await goals()).toEqual(before);
    expect(await auditActions(admin.server)).toEqual(audit);
    expect(await contentVersion()).toBe(version);
  });

  test("a gallery's photos: places count that gallery's photos only, and the other galleries keep their order", async () => {
    const photos = (galleryId: string) =>
      db().selectFrom("gallery_photos").select(["id", "position"]).where("gallery_id", "=", galleryId).orderBy("position").execute();
    const photoCounts = await db()
      .selectFrom("gallery_photos")
      .select(["gallery_id", (eb) => eb.fn.countAll<number>().as("count")])
      .groupBy("gallery_id")
      .orderBy("gallery_id")
      .execute();
    const bySize = photoCounts.filter((row) => Number(row.count) >= 3).sort((a, b) => Number(a.count) - Number(b.count));
    const [smallId, largeId] = [bySize[0]?.gallery_id, bySize.at(-1)?.gallery_id];
    expect(smallId).not.toBe(largeId);
    // One gallery made smaller than the other, so the other has a place this one has not.
    const removed = await post(
      admin.server,
      `/admin/content/gallery-photos/${(await photos(smallId!)).at(-1)!.id}/delete`,
      {},
      { cookie: admin.cookie },
    );
    expect(removed.status).toBe(200);
    const [small, large] = [
      { galleryId: smallId!, count: (await photos(smallId!)).length },
      { galleryId: largeId!, count: (await photos(largeId!)).length },
    ];
    expect(large.count).toBeGreaterThan(small.count);
    const [smallBefore, largeBefore] = [await photos(small.galleryId), await photos(large.galleryId)];
    const everyOtherPhoto = () =>
      db().selectFrom("gallery_photos").select(["id", "position"]).where("gallery_id", "!=", small.galleryId).orderBy("id").execute();
    const othersBefore = await everyOtherPhoto();

    const moved = smallBefore[0]!;
    expect((await moveTo("gallery-photos", moved.id, String(small.count - 1))).status).toBe(200);
    expect((await photos(small.galleryId)).map((photo) => photo.id)).toEqual([...smallBefore.slice(1).map((p) => p.id), moved.id]);
    expect(await everyOtherPhoto()).toEqual(othersBefore);
    expect((await auditActions(admin.server)).at(-1)).toMatchObject({ action: "content.gallery-photo.move" });

    // A place the larger gallery has, but this one does not.
    const refused = await moveTo("gallery-photos", moved.id, String(large.count - 1));
    expect([refused.status, refused.body.error]).toEqual([400, MOVE_MESSAGES.outOfRange(small.count)]);
    expect((await photos(large.galleryId)).map((photo) => photo.id)).toEqual(largeBefore.map((photo) => photo.id));
  });

  test("galleries: places count the galleries the admin's list shows, not the Explore SMC photos' gallery", async () => {
    const made = await post(
      admin.server,
      "/admin/content/galleries/save",
      { name: "Convocation 2026", kind: "event" },
      { cookie: admin.cookie },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const madeId = made.body.id as string;
    // As the admin's Galleries screen lists them: in order, without the Explore SMC photos' gallery.
    const listed = async () =>
      (await db().selectFrom("galleries").select(["id", "kind"]).orderBy("position").orderBy("id").execute())
        .filter((gallery) => gallery.kind !== "explore")
        .map((gallery) => gallery.id);
    const before = await listed();
    // A new gallery joins the table after the Explore SMC photos' gallery, and the end of the admin's list.
    expect(before.at(-1)).toBe(madeId);

    const first = before[0]!;
    expect((await moveTo("galleries", first, String(before.length - 1))).status).toBe(200);
    expect(await listed()).toEqual([...before.slice(1), first]);
    expect((await moveTo("galleries", madeId, "0")).status).toBe(200);
    expect(await listed()).toEqual([madeId, ...before.slice(1, -1), first]);
    expect((await auditActions(admin.server)).at(-1)).toMatchObject({ action: "content.gallery.move", detail: `gallery=${madeId} to=0` });

    const explore = await db().selectFrom("galleries").select("id").where("kind", "=", "explore").executeTakeFirstOrThrow();
    expect((await moveTo("galleries", explore.id, "0")).status).toBe(404);
    const pastTheEnd = await moveTo("galleries", madeId, String(before.length));
    expect([pastTheEnd.status, pastTheEnd.body.error]).toEqual([400, MOVE_MESSAGES.outOfRange(before.length)]);
  });
});

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");
