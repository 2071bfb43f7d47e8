import { parseWithZod } from "@conform-to/zod/v4";
import { eraseByEmailSchema } from "#core/schemas/personal-data";
import { formAnswer, readForm } from "~/lib/forms.server";
import { RECENT_PASSWORD_HANDLE } from "#core/route-handle";
import { recentPassword } from "~/lib/admin-guards.server";
import type { Route } from "./+types/erase";
import { adminContext, servicesContext } from "~/context";

export const handle = RECENT_PASSWORD_HANDLE;

/** Beyond the admin layouts' session check: a password entered in the last 10 minutes. */
export const middleware: Route.MiddlewareFunction[] = [recentPassword];

/**
 * Erase by email, in two steps: `find` says what is held for the address (requests, messages, mails), `erase` deletes
 * all of it. The audit entry records that an erasure happened and how much it took, never the address.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const submission = parseWithZod(await readForm(request), { schema: eraseByEmailSchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  const { email, intent } = submission.value;
  const { personalData } = context.get(servicesContext);
  if (intent === "find") return formAnswer(submission.reply(), 200, undefined, { email, held: await personalData.findByEmail(email) });
  return formAnswer(submission.reply({ resetForm: true }), 200, undefined, {
    email,
    erased: await personalData.eraseByEmail(email, admin.id),
  });
}
