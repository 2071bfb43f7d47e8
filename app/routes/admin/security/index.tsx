import { SettingsPage, SettingsSection } from "~/components/admin/settings-section";
import { ChangePasswordForm } from "~/components/admin/change-password-form";
import { SessionList } from "~/components/admin/session-list";
import { TwoFactorSection } from "~/components/admin/two-factor-section";
import { FormMessage } from "~/components/ui/field";
import { adminGuard } from "~/lib/admin-guards.server";
import type { Route } from "./+types/index";
import { adminContext, servicesContext } from "~/context";

/** Open before the sign-in is complete, so outside the admin layouts: it checks the session itself. */
export const middleware: Route.MiddlewareFunction[] = [adminGuard({ openFrom: "two-factor-setup" })];

export async function loader({ context }: Route.LoaderArgs) {
  const active = context.get(adminContext);
  const { admin } = active;
  const { twoFactor, auth } = context.get(servicesContext);
  const [state, setup, sessions] = await Promise.all([
    twoFactor.state(admin.id),
    twoFactor.pendingSetup(admin, active.session),
    auth.listSessions(active),
  ]);
  return { ...state, setup: setup && { secret: setup.secret, qrSvg: setup.qrSvg }, required: admin.mustSetUpTwoFactor, sessions };
}

export function meta() {
  return [{ title: "Security" }, { name: "robots", content: "noindex, nofollow" }];
}

/** The signed-in admin's own sign-in: two factors, recovery codes, the password, and the sessions signed in as them. */
export default function SecurityPage({ loaderData }: Route.ComponentProps) {
  return (
    <SettingsPage title="Security" intro="How you sign in. Everything here is about your own account.">
      {loaderData.required && (
        <FormMessage tone="notice">
          The site&apos;s Owners require two-factor sign-in. Set it up below to go on to the admin area.
        </FormMessage>
      )}
      <SettingsSection
        id="two-factor"
        title="Two-factor sign-in"
        description="With it on, signing in asks for your password and then a 6-digit code from an authenticator app on your phone, so a stolen password alone does not let anyone in."
      >
        <TwoFactorSection {...loaderData} />
      </SettingsSection>
      <SettingsSection id="password" title="Password" description="Every other browser signed in as you is signed out.">
        <ChangePasswordForm />
      </SettingsSection>
      <SettingsSection
        id="sessions"
        title="Where you are signed in"
        description="Each browser signed in as you, with the network it signed in from. Sign out any you do not recognise, and change your password."
      >
        <SessionList sessions={loaderData.sessions} />
      </SettingsSection>
    </SettingsPage>
  );
}
