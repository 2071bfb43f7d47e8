import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, redirect } from "react-router";
import { NOT_FOUND } from "#core/messages/common.ts";
import { BLOOD_SECTION_MESSAGES } from "#core/messages/blood.ts";
import { retryWait } from "#core/retry-wait.ts";
import { bloodRequestActionSchema } from "#core/schemas/blood-request.ts";
import { BloodRequestPage } from "#app/components/admin/blood/blood-request-page.tsx";
import { doneAnswer, formAnswer, pageAction, readForm, tryLaterAnswer } from "#app/lib/forms.server.ts";
import { adminContext, requestContext, servicesContext } from "#app/context.ts";
import type { Route } from "./+types/request";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";

/** /admin/blood/<id>: the request, the donors who can give now (no contact details), who was asked, and closing it. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const requests = context.get(servicesContext).bloodRequests;
  const request = await requests.find(params.id);
  if (!request) throw data(NOT_FOUND, { status: 404 });
  const [matches, asked] = await Promise.all([request.status === "open" ? requests.matches(request.id) : [], requests.asked(request.id)]);
  return { request, matches, asked };
}

/**
 * `reveal`: a donor's number, audited and limited to 30 an hour per admin. WhatsApp and Call, posted as a page (the
 * buttons do), go straight to `wa.me` or `tel:`; Show number answers the number with both links. `close`: fulfilled
 * (with who gave) or no longer needed.
 */
export const action = pageAction(async ({ request, params, context }: Route.ActionArgs) => {
  const submission = parseWithZod(await readForm(request), { schema: bloodRequestActionSchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  const requests = context.get(servicesContext).bloodRequests;
  const actorId = context.get(adminContext).admin.id;
  const refused = (message: string, status: number) => formAnswer(submission.reply({ formErrors: [message] }), status);
  const asked = submission.value;
  if (!(await requests.find(params.id))) return refused(BLOOD_SECTION_MESSAGES.requestGone, 404);
  if (asked.intent === "close") {
    if (!(await requests.close(params.id, asked.outcome, asked.donorIds, actorId)))
      return refused(BLOOD_SECTION_MESSAGES.alreadyClosed, 409);
    return doneAnswer(submission.reply(), BLOOD_SECTION_MESSAGES.closed);
  }
  if (asked.intent === "ask-by-mail") {
    const mailed = await requests.askByMail(params.id, asked.count, actorId);
    if (mailed === undefined) return refused(BLOOD_SECTION_MESSAGES.closedForAsks, 409);
    return doneAnswer(submission.reply(), BLOOD_SECTION_MESSAGES.askedByMail(mailed));
  }
  const revealed = await requests.reveal(params.id, asked.donorId, asked.channel, actorId);
  if (!revealed.ok) {
    if (revealed.reason === "limit") {
      const message = BLOOD_SECTION_MESSAGES.revealLimit(retryWait(revealed.retryAfterSeconds));
      return tryLaterAnswer(submission, message, revealed.retryAfterSeconds);
    }
    return revealed.reason === "closed"
      ? refused(BLOOD_SECTION_MESSAGES.closedForReveal, 409)
      : refused(BLOOD_SECTION_MESSAGES.donorGone, 404);
  }
  if (asked.channel !== "number" && !context.get(requestContext).dataRequest) {
    throw redirect(asked.channel === "whatsapp" ? revealed.whatsApp : revealed.call, 303);
  }
  return formAnswer(submission.reply(), 200, undefined, { reveal: { donorId: asked.donorId, ...revealed } });
});

export function meta({ loaderData }: Route.MetaArgs) {
  const request = loaderData?.request;
  return unlistedPageMeta(request ? `Blood: ${request.patientGroup} at ${request.hospital}` : "Blood");
}

export default function AdminBloodRequest({ loaderData }: Route.ComponentProps) {
  return <BloodRequestPage {...loaderData} listPage={href("/admin/blood")} />;
}
