import { errorMessage } from "#core/errors.ts";
import { data } from "react-router";
import { goneMessage } from "#core/messages/common.ts";
import type { Route } from "./+types/details";
import { requestContext, servicesContext } from "#app/context.ts";

/**
 * A request with its history, for the details dialog (read when it opens, and again after each change). A request
 * another admin deleted meanwhile answers 404 with the reason, and one that cannot be read now 503, both as data: the
 * dialog says so, and the panel around it stays.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const details = await context
    .get(servicesContext)
    .applications.details(params.id)
    .catch((error: unknown) => {
      context.get(requestContext).logger.error({ err: errorMessage(error) }, "join request details load failed");
      return null;
    });
  if (details === null) return data({ failed: true }, { status: 503 });
  if (!details) return data({ gone: goneMessage("join request") }, { status: 404 });
  return details;
}
