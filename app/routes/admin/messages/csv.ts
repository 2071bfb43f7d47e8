import { messageFilterOf } from "#core/schemas/messages";
import { csvAnswer } from "~/lib/csv-answer.server";
import type { Route } from "./+types/csv";
import { servicesContext } from "~/context";

/** The messages the inbox's search shows (every page of them) as a spreadsheet file. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const filter = messageFilterOf(new URL(request.url).searchParams);
  return csvAnswer(await context.get(servicesContext).contactMessages.exportCsv(filter));
}
