import { data } from "react-router";
import { csvAnswer } from "#app/lib/csv-answer.server.ts";
import type { Route } from "./+types/csv";
import { servicesContext } from "#app/context.ts";

/** An announcement's registrations (holding a place, then waiting) as a spreadsheet file. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const file = await context.get(servicesContext).registrations.exportCsv(params.id);
  if (!file) throw data("Not found", { status: 404 });
  return csvAnswer(file);
}
