import { requestFilterOf } from "#core/schemas/requests";
import { csvAnswer } from "~/lib/csv-answer.server";
import type { Route } from "./+types/csv";
import { servicesContext } from "~/context";

/** The requests the panel's filter shows (every page of them) as a spreadsheet file. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const filter = requestFilterOf(new URL(request.url).searchParams);
  return csvAnswer(await context.get(servicesContext).applications.exportCsv(filter));
}
