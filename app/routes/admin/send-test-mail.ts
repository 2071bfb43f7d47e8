import { buttonAnswer } from "~/lib/forms.server";
import { requireAdmin } from "~/lib/require-admin.server";
import type { Route } from "./+types/send-test-mail";
import { servicesContext } from "~/context";

/** "Send test mail": queued through the outbox like every mail, so the panel's mail line shows how it went. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = await requireAdmin(request, context, { ownersOnly: true });
  const to = await context.get(servicesContext).mailOutbox.sendTest(admin);
  return buttonAnswer({ ok: true, to });
}
