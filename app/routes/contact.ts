import { fieldErrors } from "~/lib/field-errors";
import { redirect } from "react-router";
import { FormLimitReached, honeypotFilled, readPublicForm, storeContactMessage, wantsHtml } from "~/lib/public-form.server";
import { CONTACT_MESSAGES, contactSchema } from "~/schemas/contact";
import type { Route } from "./+types/contact";

type Outcome = "sent" | "invalid" | "email" | "failed";

/**
 * POST /contact: a contact message. The form posts it with fetch (JSON answer); without JavaScript the
 * browser posts the form itself and is sent back to the contact section with the outcome in the address.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const html = wantsHtml(request);
  const answer = (outcome: Outcome, status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    html ? redirect(`/?contact=${outcome}#contact`, 303) : Response.json(body, { status, headers });

  const fields = await readPublicForm(request);
  if (!fields || honeypotFilled(fields)) return answer("failed", 400, { error: CONTACT_MESSAGES.failure });
  const parsed = contactSchema.safeParse(fields);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    const outcome = Object.values(errors).includes(CONTACT_MESSAGES.fillAll) ? "invalid" : errors.email ? "email" : "failed";
    return answer(outcome, 400, { error: Object.values(errors)[0] ?? CONTACT_MESSAGES.fillAll, errors });
  }
  try {
    await storeContactMessage(context, parsed.data);
    return answer("sent", 200, { ok: true });
  } catch (error) {
    if (error instanceof FormLimitReached) {
      return answer("failed", 429, { error: CONTACT_MESSAGES.tooMany }, { "Retry-After": String(error.retryAfterSeconds) });
    }
    context.logger.error({ err: error instanceof Error ? error.message : String(error) }, "contact message not stored");
    return answer("failed", 500, { error: CONTACT_MESSAGES.failure });
  }
}
