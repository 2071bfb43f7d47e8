import { applicationFilterOf } from "#core/schemas/applications.ts";
import { csvAnswer } from "#app/lib/csv-answer.server.ts";
import type { Route } from "./+types/csv";
import { servicesContext } from "#app/context.ts";

/** The requests the panel's filter shows (every page of them) as a spreadsheet file. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const filter = applicationFilterOf(new URL(request.url).searchParams);
  return csvAnswer(await context.get(servicesContext).applications.exportCsv(filter));
}
