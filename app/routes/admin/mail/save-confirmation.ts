import { parseWithZod } from "@conform-to/zod/v4";
import { confirmationMailSchema } from "#core/schemas/mail-settings";
import { formAnswer, readForm } from "~/lib/forms.server";
import type { Route } from "./+types/save-confirmation";
import { adminContext, servicesContext } from "~/context";

/** Stores the applicant's confirmation mail: on or off, its subject and its text. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const submission = parseWithZod(await readForm(request), { schema: confirmationMailSchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  const { enabled, subject, text } = submission.value;
  await context.get(servicesContext).mailSettings.setConfirmation({ enabled: enabled === "on", subject, text }, admin.id);
  return formAnswer(submission.reply());
}
