import { parseWithZod } from "@conform-to/zod/v4";
import { errorMessage } from "#core/errors.ts";
import type { RouteHandle } from "#core/route-handle.ts";
import { applicationFilterOf, applicationsActionSchema } from "#core/schemas/applications.ts";
import { LogoutButton } from "#app/components/admin/admin-nav.tsx";
import { PanelActions } from "#app/components/admin/panel-actions.tsx";
import { ChangePasswordForm } from "#app/components/admin/change-password-form.tsx";
import { JoinUsSwitch } from "#app/components/admin/join-us-switch.tsx";
import { LoginForm } from "#app/components/admin/login-form.tsx";
import { MailStatus } from "#app/components/admin/mail-status.tsx";
import { ApplicationList } from "#app/components/admin/application-list.tsx";
import { loadMailStatus } from "#app/lib/mail-status.server.ts";
import { adminEntry, adminEntryContext, writeGuardsFor } from "#app/lib/admin-guards.server.ts";
import { doneAnswer, formAnswer, pageAction, readForm } from "#app/lib/forms.server.ts";
import { APPLICATIONS_DONE } from "#core/messages/applications.ts";
import { goneMessage } from "#core/messages/common.ts";
import { adminContext, requestContext, servicesContext } from "#app/context.ts";
import type { Route } from "./+types/index";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";

export const handle = { recentPassword: ["delete-selected"] } as const satisfies RouteHandle;

/**
 * /admin is the login or the panel (SPEC 2, "Admin"): its guard says which, and the loader reads only what that shows.
 * The panel's writes need a complete sign-in, and deleting the selected requests a password entered in the last 10 minutes.
 */
export const middleware: Route.MiddlewareFunction[] = [adminEntry, writeGuardsFor(handle)];

export async function loader({ request, context }: Route.LoaderArgs) {
  const entry = context.get(adminEntryContext);
  // A cookie without a live session: the admin's session ended (the login says so, and leads back here).
  if (entry.show === "login") return { view: "login" as const, ended: entry.ended };
  if (entry.show === "change-password") return { view: "change-password" as const };
  const services = context.get(servicesContext);
  const { logger } = context.get(requestContext);
  const active = context.get(adminContext);
  const filter = applicationFilterOf(new URL(request.url).searchParams);
  // Mail is an Owner's setting: an Editor's panel neither shows its state nor offers the test mail.
  const isOwner = active.admin.role === "owner";
  const [requests, joinUsVisible, mail, localAddressLabel] = await Promise.all([
    services.applications.listPage(filter).catch((error: unknown) => {
      // SPEC 8: a failed load is logged only; the list stays empty.
      logger.error({ err: errorMessage(error) }, "join requests load failed");
      return { applications: [], matching: 0, total: 0, page: 1, pages: 1 };
    }),
    services.settings.joinUsVisible(),
    isOwner ? loadMailStatus(context) : undefined,
    services.content.localAddressLabel(),
  ]);
  return {
    view: "panel" as const,
    requests,
    filter,
    joinUsVisible,
    mailStatus: mail?.status,
    localAddressLabel,
  };
}

/** The panel's changes to applications (applicationsActionSchema); each is kept in the application's history or the audit log. */
export const action = pageAction(async ({ request, context }: Route.ActionArgs) => {
  const submission = parseWithZod(await readForm(request), { schema: applicationsActionSchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  const { admin } = context.get(adminContext);
  const { applications } = context.get(servicesContext);
  const asked = submission.value;
  const gone = () => formAnswer(submission.reply({ formErrors: [goneMessage("join request")] }), 404);
  const done = (message: string, extra?: { deleted: number }) => doneAnswer(submission.reply({ resetForm: true }), message, extra);
  if (asked.intent === "set-status") {
    return (await applications.setStatus(asked.ids, asked.status, admin)) > 0 ? done(APPLICATIONS_DONE.statusSet) : gone();
  }
  if (asked.intent === "add-note")
    return (await applications.addNote(asked.id, asked.note, admin)) ? done(APPLICATIONS_DONE.noteAdded) : gone();
  const ids = asked.intent === "delete" ? [asked.id] : asked.ids;
  const deleted = await applications.delete(ids, admin.id);
  return deleted > 0 ? done(APPLICATIONS_DONE.deleted(ids.length), { deleted }) : gone();
});

export const meta = () => unlistedPageMeta("Admin");

export default function AdminPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.view === "login") return <LoginForm ended={loaderData.ended} />;

  if (loaderData.view === "change-password") {
    return (
      <main className="mx-auto flex max-w-md flex-col gap-6 px-4 py-8">
        <div className="flex justify-end">
          <LogoutButton />
        </div>
        <div>
          <h1 className="text-3xl font-extrabold text-brand-900">Change Password</h1>
          <p className="mt-2 text-slate-700">You signed in with a one-time password. Choose your own password to continue.</p>
        </div>
        <div className="rounded-xl border border-brand-100 bg-white p-6 shadow-sm">
          {/* Once changed, the page's data is read again (after every action): the panel replaces this form. */}
          <ChangePasswordForm />
        </div>
      </main>
    );
  }

  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <PanelActions />
      <div className="mt-6 flex flex-col gap-2">
        <JoinUsSwitch visible={loaderData.joinUsVisible} />
        {loaderData.mailStatus && <MailStatus {...loaderData.mailStatus} />}
      </div>
      <ApplicationList requests={loaderData.requests} filter={loaderData.filter} localAddressLabel={loaderData.localAddressLabel} />
    </main>
  );
}
