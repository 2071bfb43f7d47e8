import { parseWithZod } from "@conform-to/zod/v4";
import { notificationAddressSchema } from "#core/schemas/mail-settings";
import { formAnswer, readForm } from "~/lib/forms.server";
import type { Route } from "./+types/save-notification-address";
import { adminContext, servicesContext } from "~/context";

/** Stores where the notification mails go; empty goes back to the default. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const submission = parseWithZod(await readForm(request), { schema: notificationAddressSchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  await context.get(servicesContext).mailSettings.setNotificationAddress(submission.value.notificationEmail ?? "", admin.id);
  return formAnswer(submission.reply());
}
