import { parseWithZod } from "@conform-to/zod/v4";
import { OWNERS_ONLY_MESSAGE } from "#core/messages/admin-access.ts";
import { MEMBERS_MESSAGES } from "#core/messages/members.ts";
import { memberFilterOf, membersActionSchema } from "#core/schemas/members.ts";
import { MemberList } from "#app/components/admin/members/member-list.tsx";
import { StartSessionForm } from "#app/components/admin/members/start-session-form.tsx";
import { SettingsSection } from "#app/components/admin/settings-section.tsx";
import { doneAnswer, formAnswer, pageAction, readForm } from "#app/lib/forms.server.ts";
import { adminContext, servicesContext } from "#app/context.ts";
import type { Route } from "./+types/index";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";

/** /admin/members: the members, with search, filters and pages, the current session, and (Owners) starting the next. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const members = context.get(servicesContext).members;
  const filter = memberFilterOf(new URL(request.url).searchParams);
  const [page, session] = await Promise.all([members.listPage(filter), members.currentSession()]);
  return { page, filter, session, isOwner: context.get(adminContext).admin.role === "owner" };
}

/** `start-session` (Owners): the next session starts, and every current member is asked by mail to stay. */
export const action = pageAction(async ({ request, context }: Route.ActionArgs) => {
  const submission = parseWithZod(await readForm(request), { schema: membersActionSchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  const { admin } = context.get(adminContext);
  if (admin.role !== "owner") return formAnswer(submission.reply({ formErrors: [OWNERS_ONLY_MESSAGE] }), 403);
  const { session } = submission.value;
  const asked = await context.get(servicesContext).members.startSession(session, admin);
  return doneAnswer(submission.reply({ resetForm: true }), MEMBERS_MESSAGES.sessionStarted(session, asked));
});

export const meta = () => unlistedPageMeta("Members");

export default function AdminMembers({ loaderData }: Route.ComponentProps) {
  const { page, filter, session, isOwner } = loaderData;
  return (
    <main className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-8">
      <div>
        <h1 className="text-3xl font-extrabold text-brand-900">Members</h1>
        <p className="mt-2 text-slate-700">
          Accepting a join request makes the applicant a member of the current session. The current session is {session}.
        </p>
      </div>
      {isOwner && (
        <SettingsSection
          id="session"
          title="Start the next session"
          description="Every current member gets a mail with a link to stay a member. Those who do not answer within 30 days become past members, kept until the retention period removes them."
        >
          <StartSessionForm current={session} />
        </SettingsSection>
      )}
      <MemberList page={page} filter={filter} />
    </main>
  );
}
