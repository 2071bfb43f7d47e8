import type { Route } from "./+types/notifications";
import { requestContext, servicesContext } from "#app/context.ts";
import { buttonAnswer, readForm } from "#app/lib/forms.server.ts";
import { UNKNOWN_INTENT_MESSAGE } from "#core/messages/common.ts";

/** The push subscription fields "Get notified" posts (app/lib/push-subscription.ts). */
const field = (form: FormData, name: string) => String(form.get(name) ?? "");

/**
 * POST /notifications: the "Get notified" button of /announcement stores its browser's push subscription (intent
 * `subscribe`, also sent again now and then so retention keeps it) or deletes it (`unsubscribe`).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const push = context.get(servicesContext).pushNotifications;
  const intent = form.get("intent");
  if (intent === "unsubscribe") {
    await push.unsubscribe(field(form, "endpoint"));
    return buttonAnswer({ ok: true });
  }
  if (intent !== "subscribe") return buttonAnswer({ ok: false, error: UNKNOWN_INTENT_MESSAGE }, 400);
  const subscription = { endpoint: field(form, "endpoint"), keys: { p256dh: field(form, "p256dh"), auth: field(form, "auth") } };
  const result = await push.subscribe(subscription, { clientIp: context.get(requestContext).clientIp });
  if (result.ok) return buttonAnswer({ ok: true });
  return buttonAnswer({ ok: false, error: result.message }, result.retryAfterSeconds === undefined ? 400 : 429);
}
