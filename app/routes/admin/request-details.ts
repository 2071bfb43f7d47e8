import { data } from "react-router";
import { requireAdmin } from "~/lib/require-admin.server";
import type { Route } from "./+types/request-details";

/** A request with its history, for the details dialog (read when it opens, and again after each change). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const details = await context.services.applications.details(params.id);
  if (!details) throw data({ error: "No such join request" }, { status: 404 });
  return details;
}
