import { requestFilterOf } from "#core/schemas/requests";
import { requireAdmin } from "~/lib/require-admin.server";
import type { Route } from "./+types/requests-csv";

/** The requests the panel's filter shows (every page of them) as a spreadsheet file. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const filter = requestFilterOf(new URL(request.url).searchParams);
  const csv = await context.services.applications.exportCsv(filter);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="join-requests-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
