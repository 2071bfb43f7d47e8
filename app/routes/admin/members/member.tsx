import { parseWithZod } from "@conform-to/zod/v4";
import { data, href } from "react-router";
import { NOT_FOUND } from "#core/messages/common.ts";
import { MEMBERS_MESSAGES } from "#core/messages/members.ts";
import { memberActionSchema } from "#core/schemas/members.ts";
import { MemberPage } from "#app/components/admin/members/member-page.tsx";
import { doneAnswer, formAnswer, pageAction, readForm } from "#app/lib/forms.server.ts";
import { redirectWithToast } from "#app/lib/toast-cookie.server.ts";
import { adminContext, servicesContext } from "#app/context.ts";
import type { Route } from "./+types/member";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";

/** /admin/members/<id>: a member's details and history (applied, accepted, positions, sessions, events registered for). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const member = await context.get(servicesContext).members.details(params.id);
  if (!member) throw data(NOT_FOUND, { status: 404 });
  return { member };
}

/** `set-position` (empty clears it) and `remove` (the member goes with their history; the join request stays). */
export const action = pageAction(async ({ request, params, context }: Route.ActionArgs) => {
  const submission = parseWithZod(await readForm(request), { schema: memberActionSchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  const services = context.get(servicesContext);
  const { admin } = context.get(adminContext);
  const gone = () => formAnswer(submission.reply({ formErrors: [MEMBERS_MESSAGES.gone] }), 404);
  const asked = submission.value;
  if (asked.intent === "set-position") {
    const saved = await services.members.setPosition(params.id, asked.position || null, admin);
    return saved ? doneAnswer(submission.reply(), MEMBERS_MESSAGES.positionSaved) : gone();
  }
  if (asked.memberId !== params.id || !(await services.members.remove(params.id, admin.id))) return gone();
  // The member's page is gone: to the list, with the toast.
  throw await redirectWithToast(href("/admin/members"), MEMBERS_MESSAGES.removed, services.auth.cookieOptions);
});

export const meta = ({ loaderData }: Route.MetaArgs) => unlistedPageMeta(loaderData ? `Member: ${loaderData.member.name}` : "Member");

export default function AdminMember({ loaderData }: Route.ComponentProps) {
  return <MemberPage member={loaderData.member} listPage={href("/admin/members")} />;
}
