import { buttonAnswer } from "#app/lib/forms.server.ts";
import type { Route } from "./+types/send-test";
import { adminContext, servicesContext } from "#app/context.ts";

/** "Send test mail": queued through the outbox like every mail, so the panel's mail line shows how it went. */
export async function action({ context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const to = await context.get(servicesContext).mailOutbox.sendTest(admin);
  return buttonAnswer({ ok: true, to });
}
