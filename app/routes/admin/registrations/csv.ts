import { data } from "react-router";
import { csvAnswer } from "#app/lib/csv-answer.server.ts";
import type { Route } from "./+types/csv";
import { servicesContext } from "#app/context.ts";
import { NOT_FOUND } from "#core/messages/common.ts";

/** An announcement's registrations (holding a place, then waiting) as a spreadsheet file. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const file = await context.get(servicesContext).registrations.exportCsv(params.id);
  if (!file) throw data(NOT_FOUND, { status: 404 });
  return csvAnswer(file);
}
