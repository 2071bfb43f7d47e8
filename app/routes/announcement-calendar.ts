import { data } from "react-router";
import type { Route } from "./+types/announcement-calendar";
import { servicesContext } from "#app/context.ts";
import { NOT_FOUND } from "#core/messages/common.ts";

/** "Add to calendar": the announced event as an .ics file the phone's calendar opens. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { announcements, content } = context.get(servicesContext);
  const file = await announcements.calendarFile(params.id, await content.chrome());
  if (file === undefined) throw data(NOT_FOUND, { status: 404 });
  return new Response(file, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="event.ics"',
      "Cache-Control": "public, max-age=300",
    },
  });
}
