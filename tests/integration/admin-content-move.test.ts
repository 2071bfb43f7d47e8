import { describe, expect, test } from "vitest";
import { MOVE_MESSAGES } from "../../core/schemas/content-forms";
import { newId } from "../../server/db/ids";
import { testEngines } from "../shared/test-database";
import { auditActions, post, useSignedInAdmin } from "./helpers/admin";

/**
 * A drag's drop over HTTP: POST /admin/content/<list>/<id>/move with `to`, the item's place in the new order (0 at
 * the top), and what its answer says. The rules of a move are the content services' tests.
 */
describe.each(testEngines())("moving a content item to a place on %s", (engine) => {
  const admin = useSignedInAdmin(engine);

  const db = () => admin.server.database.db;
  const goals = () => db().selectFrom("content_goals").select(["id", "title", "position"]).orderBy("position").orderBy("id").execute();
  const moveTo = (list: string, id: string, to: string) =>
    post(admin.server, `/admin/content/${list}/${id}/move`, { to }, { cookie: admin.cookie });

  test("a drop's answer: 200 when moved; a place out of range or not one, 400 with the message; an unknown item or list, 404", async () => {
    const before = await goals();
    const last = before.at(-1)!;
    const top = await moveTo("goals", last.id, "0");
    expect([top.status, top.body.ok]).toEqual([200, true]);
    expect((await goals()).map((goal) => goal.id)).toEqual([last.id, ...before.slice(0, -1).map((goal) => goal.id)]);
    expect((await auditActions(admin.server)).at(-1)).toMatchObject({ action: "content.goal.move", detail: `goal=${last.id} to=0` });

    const moved = await goals();
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
    expect(await goals()).toEqual(moved);
  });
});
