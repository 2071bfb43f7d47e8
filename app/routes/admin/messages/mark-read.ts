import { buttonAnswer, goneMessage } from "~/lib/forms.server";
import type { Route } from "./+types/mark-read";
import { servicesContext } from "~/context";

/** The admin opened a message: it counts as read from now on. */
export async function action({ params, context }: Route.ActionArgs) {
  const found = await context.get(servicesContext).contactMessages.markRead(params.id);
  return found ? buttonAnswer({ ok: true }) : buttonAnswer({ ok: false, error: goneMessage("message") }, 404);
}
