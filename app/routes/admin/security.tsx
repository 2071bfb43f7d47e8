import { SettingsPage, SettingsSection } from "~/components/admin/settings-section";
import { TwoFactorSection } from "~/components/admin/two-factor-section";
import { FormMessage } from "~/components/ui/field";
import { requireAdmin } from "~/lib/require-admin.server";
import type { Route } from "./+types/security";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { admin } = await requireAdmin(request, context, { allowTwoFactorSetup: true });
  const { twoFactor } = context.services;
  const [state, setup] = await Promise.all([twoFactor.state(admin.id), twoFactor.pendingSetup(admin)]);
  return { ...state, setup: setup && { secret: setup.secret, qrSvg: setup.qrSvg }, required: admin.mustSetUpTwoFactor };
}

export function meta() {
  return [{ title: "Security" }, { name: "robots", content: "noindex, nofollow" }];
}

/** The signed-in admin's own sign-in: two factors and recovery codes. */
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
    </SettingsPage>
  );
}
