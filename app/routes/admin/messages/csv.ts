import { messageFilterOf } from "#core/schemas/messages.ts";
import { csvAnswer } from "#app/lib/csv-answer.server.ts";
import type { Route } from "./+types/csv";
import { servicesContext } from "#app/context.ts";

/** The messages the inbox's search shows (every page of them) as a spreadsheet file. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const filter = messageFilterOf(new URL(request.url).searchParams);
  return csvAnswer(await context.get(servicesContext).contactMessages.exportCsv(filter));
}
