import { memberFilterOf } from "#core/schemas/members.ts";
import { csvAnswer } from "#app/lib/csv-answer.server.ts";
import type { Route } from "./+types/csv";
import { servicesContext } from "#app/context.ts";

/** The members the list's filters show (every page of them) as a spreadsheet file. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const filter = memberFilterOf(new URL(request.url).searchParams);
  return csvAnswer(await context.get(servicesContext).members.exportCsv(filter));
}
