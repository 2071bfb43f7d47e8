import { data, href } from "react-router";
import { CHECK_IN_MESSAGES } from "#core/messages/check-in.ts";
import { CheckInScreen } from "#app/components/admin/check-in/check-in-screen.tsx";
import { checkInClientAction } from "#app/components/admin/check-in/check-in-client-action.ts";
import { NarrowPage } from "#app/components/site/narrow-page.tsx";
import { answerCheckIn } from "#app/lib/check-in.server.ts";
import { formFailure } from "#app/lib/answer-when-offline.ts";
import { unlistedPageMeta, personalPageHeaders } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/door";
import { servicesContext } from "#app/context.ts";

/** The door a request's link opens while it works; the token is the link's `token`. */
async function doorOf(request: Request, context: Route.LoaderArgs["context"]) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return context.get(servicesContext).registrations.openDoor(token);
}

/**
 * GET /door?token=…&q=…, the page a door link opens for a volunteer with no account: the check-in screen of that link's
 * event and nothing else, while the link works (until the event's end and 6 hours, unless revoked). 404 otherwise.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const door = await doorOf(request, context);
  if (!door) return data({ door: null }, { status: 404 });
  const query = new URL(request.url).searchParams.get("q") ?? "";
  const screen = await context.get(servicesContext).registrations.door(door.announcementId, query);
  if (!screen) return data({ door: null }, { status: 404 });
  const listUrl = `${href("/door/list")}?${new URLSearchParams({ token: new URL(request.url).searchParams.get("token") ?? "" })}`;
  const { announcement, counts, found, more } = screen;
  return { door: { announcementId: door.announcementId, listUrl, heading: announcement.heading, counts, found, more, query } };
}

/** A check-in (picked or scanned) in the link's name; no undo. Refused, changing nothing, once the link stops working. */
export async function action({ request, context }: Route.ActionArgs) {
  const door = await doorOf(request, context);
  if (!door) return data({ ok: false, result: formFailure(CHECK_IN_MESSAGES.doorGone), checkIn: null }, { status: 404 });
  const registrations = context.get(servicesContext).registrations;
  return answerCheckIn(request, registrations, door.announcementId, { by: CHECK_IN_MESSAGES.doorBy(door.label), undoAs: null });
}

/** With no connection, a check-in from the list kept on the phone, sent once there is one. */
export const clientAction = checkInClientAction;

export function meta({ loaderData }: Route.MetaArgs) {
  const heading = loaderData?.door?.heading;
  return unlistedPageMeta(heading ? `Check in: ${heading}` : "Door link");
}

export const headers = personalPageHeaders;

export default function Door({ loaderData: { door }, actionData }: Route.ComponentProps) {
  if (!door) return <NarrowPage title="Door link" text={CHECK_IN_MESSAGES.doorGone} />;
  return <CheckInScreen {...door} answer={actionData} mayUndo={false} />;
}
