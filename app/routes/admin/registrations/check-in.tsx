import { data, href } from "react-router";
import { NOT_FOUND } from "#core/messages/common.ts";
import { CheckInScreen } from "#app/components/admin/check-in/check-in-screen.tsx";
import { checkInClientAction } from "#app/components/admin/check-in/check-in-client-action.ts";
import { BackButton } from "#app/components/site/back-button.tsx";
import { answerCheckIn } from "#app/lib/check-in.server.ts";
import type { Route } from "./+types/check-in";
import { adminContext, servicesContext } from "#app/context.ts";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";

/** /admin/announcements/<id>/check-in?q=…: the door. How many are checked in, the camera, and a search by name or code. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams.get("q") ?? "";
  const door = await context.get(servicesContext).registrations.door(params.id, query);
  if (!door) throw data(NOT_FOUND, { status: 404 });
  const { announcement, counts, found, more } = door;
  const listUrl = href("/admin/announcements/:id/check-in/list", { id: encodeURIComponent(announcement.id) });
  return { announcementId: announcement.id, listUrl, heading: announcement.heading, counts, found, more, query };
}

/** A check-in (picked or scanned) in the admin's name, or undoing one (audited): see answerCheckIn. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  return answerCheckIn(request, context.get(servicesContext).registrations, params.id, { by: admin.name ?? admin.email, undoAs: admin.id });
}

/** With no connection, a check-in from the list kept on the phone, sent once there is one. */
export const clientAction = checkInClientAction;

export const meta = ({ loaderData }: Route.MetaArgs) => unlistedPageMeta(`Check in: ${loaderData?.heading ?? ""}`);

export default function AdminCheckIn({ loaderData, actionData }: Route.ComponentProps) {
  const registrationsPage = href("/admin/announcements/:id/registrations", { id: encodeURIComponent(loaderData.announcementId) });
  return <CheckInScreen {...loaderData} answer={actionData} mayUndo back={<BackButton fallback={registrationsPage} />} />;
}
