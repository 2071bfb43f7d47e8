import type { Route } from "./+types/door-list";
import { servicesContext } from "#app/context.ts";
import { CHECK_IN_MESSAGES } from "#core/messages/check-in.ts";

/**
 * GET /door/list?token=…: the list of the door link's own event, which its check-in screen keeps on the phone to check
 * tickets offline. 404 once the link stops working (the phone then deletes the list it kept).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const registrations = context.get(servicesContext).registrations;
  const door = await registrations.openDoor(new URL(request.url).searchParams.get("token") ?? "");
  const list = door && (await registrations.offlineDoorList(door.announcementId));
  const headers = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
  return list ? Response.json(list, { headers }) : Response.json({ error: CHECK_IN_MESSAGES.doorGone }, { status: 404, headers });
}
