import { AccountList, InvitationList, InviteAdminForm, RequireTwoFactorForm } from "#app/components/admin/account-lists.tsx";
import { NoMailServerNotice } from "#app/components/admin/mail-status.tsx";
import { SettingsPage, SettingsSection } from "#app/components/admin/settings-section.tsx";
import { parseWithZod } from "@conform-to/zod/v4";
import { href } from "react-router";
import { RECENT_PASSWORD_HANDLE } from "#core/route-handle.ts";
import { accountsActionSchema } from "#core/schemas/accounts.ts";
import { writeGuardsFor } from "#app/lib/admin-guards.server.ts";
import { doneAnswer, formAnswer, pageAction, readForm } from "#app/lib/forms.server.ts";
import { ACCOUNTS_DONE, ACCOUNTS_REFUSED } from "#core/messages/accounts.ts";
import { goneMessage } from "#core/messages/common.ts";
import type { AccountChangeRefusal } from "#server/auth/accounts.server.ts";
import type { Route } from "./+types/index";
import { adminContext, servicesContext } from "#app/context.ts";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";

export const handle = RECENT_PASSWORD_HANDLE;

/** Beyond the admin layouts' checks: every change here asks for a password entered in the last 10 minutes. */
export const middleware: Route.MiddlewareFunction[] = [writeGuardsFor(handle)];

export async function loader({ context }: Route.LoaderArgs) {
  const { admin } = context.get(adminContext);
  // Set only with no mail server: the page then says invitations reach nobody, and where they are written.
  return {
    ...(await context.get(servicesContext).accounts.list()),
    you: admin.id,
    mailFileDir: context.get(servicesContext).mailOutbox.fileDir,
  };
}

/** Each form and button of the page, by its intent; every one asks for a recent password. */
export const action = pageAction(async ({ request, context }: Route.ActionArgs) => {
  const submission = parseWithZod(await readForm(request), { schema: accountsActionSchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  const { admin } = context.get(adminContext);
  const { accounts } = context.get(servicesContext);
  const refused = (message: string, status: number) => formAnswer(submission.reply({ formErrors: [message] }), status);
  /** A change of an account was refused: it is gone, or it would leave the site without an Owner who can sign in. */
  const changeRefused = (reason: AccountChangeRefusal) =>
    reason === "not-found" ? refused(goneMessage("admin account"), 404) : refused(ACCOUNTS_REFUSED.lastOwner, 409);
  const change = submission.value;
  if (change.intent === "invite") {
    // An address that already has an account is refused; the invitation is a single-use link valid for 48 hours.
    const result = await accounts.invite({ email: change.email, role: change.role, actor: admin, linkPage: href("/admin/invitation") });
    if (!result.ok) return formAnswer(submission.reply({ fieldErrors: { email: [ACCOUNTS_REFUSED.emailTaken] } }), 409);
    return doneAnswer(submission.reply({ resetForm: true }), ACCOUNTS_DONE.invited);
  }
  if (change.intent === "revoke-invitation") {
    if (!(await accounts.revokeInvitation(change.invitationId, admin.id))) return refused(ACCOUNTS_REFUSED.invitationGone, 404);
    return doneAnswer(submission.reply(), ACCOUNTS_DONE.invitationRevoked);
  }
  if (change.intent === "require-two-factor") {
    // An Owner turns it on only with their own two factors on.
    const required = change.required === "true";
    const result = await accounts.setTwoFactorRequired({ required, actorId: admin.id });
    if (!result.ok) return refused(ACCOUNTS_REFUSED.ownTwoFactorFirst, 409);
    return doneAnswer(submission.reply(), required ? ACCOUNTS_DONE.twoFactorRequired : ACCOUNTS_DONE.twoFactorNotRequired);
  }
  const target = { adminId: change.adminId, actorId: admin.id };
  if (change.intent === "set-blood-coordinator") {
    const coordinator = change.coordinator === "true";
    const result = await accounts.setBloodCoordinator({ ...target, coordinator });
    if (!result.ok) return changeRefused(result.reason);
    return doneAnswer(submission.reply(), coordinator ? ACCOUNTS_DONE.bloodCoordinator : ACCOUNTS_DONE.notBloodCoordinator);
  }
  const result =
    change.intent === "set-role"
      ? await accounts.changeRole({ ...target, role: change.role })
      : change.intent === "set-access"
        ? await accounts.setDisabled({ ...target, disabled: change.disabled === "true" })
        : await accounts.delete(target);
  if (!result.ok) return changeRefused(result.reason);
  const done =
    change.intent === "set-role"
      ? ACCOUNTS_DONE.roleChanged
      : change.intent === "delete"
        ? ACCOUNTS_DONE.removed
        : change.disabled === "true"
          ? ACCOUNTS_DONE.disabled
          : ACCOUNTS_DONE.enabled;
  return doneAnswer(submission.reply(), done);
});

export const meta = () => unlistedPageMeta("Accounts");

/** The admins who run the site, the invitations waiting for an answer, and "Invite admin". */
export default function AccountsPage({ loaderData }: Route.ComponentProps) {
  const { accounts, invitations, you, twoFactorRequired, mailFileDir } = loaderData;
  return (
    <SettingsPage
      title="Accounts"
      intro="Everyone who runs the site signs in with an account of their own. Owners run everything; Editors run the content, announcements, requests and messages, but not accounts, mail or personal data. A blood coordinator, Owner or Editor, also opens the Blood section and donors' contact details."
    >
      <SettingsSection id="admins" title="Admins">
        <AccountList accounts={accounts} you={you} />
      </SettingsSection>
      <SettingsSection
        id="require-two-factor"
        title="Two-factor sign-in for everyone"
        description="When it is required, an admin without two-factor sign-in is sent to set it up right after signing in, and can do nothing else first."
      >
        <RequireTwoFactorForm required={twoFactorRequired} />
      </SettingsSection>
      <SettingsSection
        id="invite"
        title="Invite admin"
        description={
          <>
            <p>The invitation is a link by mail that works once, for 48 hours. Whoever opens it sets their name and password.</p>
            {mailFileDir && (
              <NoMailServerNotice className="mt-2" fileDir={mailFileDir} consequence="Invitations reach nobody until one is set up." />
            )}
          </>
        }
      >
        <InviteAdminForm />
        {invitations.length > 0 && <InvitationList invitations={invitations} />}
      </SettingsSection>
    </SettingsPage>
  );
}
