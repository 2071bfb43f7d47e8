import { data } from "react-router";
import { NOT_FOUND } from "#core/messages/common.ts";
import type { Route } from "./+types/check-in-list";
import { servicesContext } from "#app/context.ts";

/** GET /admin/announcements/<id>/check-in/list: the event's list the check-in screen keeps on the phone, to check tickets offline. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const list = await context.get(servicesContext).registrations.offlineDoorList(params.id);
  if (!list) throw data(NOT_FOUND, { status: 404 });
  return Response.json(list);
}
