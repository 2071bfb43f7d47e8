import { AccountList, InvitationList, InviteAdminForm, RequireTwoFactorForm } from "~/components/admin/accounts-panel";
import { NoMailServerNotice } from "~/components/admin/mail-status";
import { SettingsPage, SettingsSection } from "~/components/admin/settings-section";
import type { Route } from "./+types/index";
import { adminContext, servicesContext } from "~/context";

export async function loader({ context }: Route.LoaderArgs) {
  const { admin } = context.get(adminContext);
  // Set only with no mail server: the page then says invitations reach nobody, and where they are written.
  return {
    ...(await context.get(servicesContext).accounts.list()),
    you: admin.id,
    mailFileDir: context.get(servicesContext).mailOutbox.fileDir,
  };
}

export function meta() {
  return [{ title: "Accounts" }, { name: "robots", content: "noindex, nofollow" }];
}

/** The admins who run the site, the invitations waiting for an answer, and "Invite admin". */
export default function AccountsPage({ loaderData }: Route.ComponentProps) {
  const { accounts, invitations, you, twoFactorRequired, mailFileDir } = loaderData;
  return (
    <SettingsPage
      title="Accounts"
      intro="Everyone who runs the site signs in with an account of their own. Owners run everything; Editors run the content, announcements, requests and messages, but not accounts, mail or personal data."
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
