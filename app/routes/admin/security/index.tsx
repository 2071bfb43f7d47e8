import { SettingsPage, SettingsSection } from "#app/components/admin/settings-section.tsx";
import { ChangePasswordForm } from "#app/components/admin/change-password-form.tsx";
import { SessionList } from "#app/components/admin/session-list.tsx";
import { TwoFactorSection } from "#app/components/admin/two-factor-section.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { parseWithZod } from "@conform-to/zod/v4";
import type { RouteHandle } from "#core/route-handle.ts";
import { securityActionSchema } from "#core/schemas/two-factor.ts";
import { adminGuard, writeGuardsFor } from "#app/lib/admin-guards.server.ts";
import { doneAnswer, formAnswer, pageAction, readForm } from "#app/lib/forms.server.ts";
import { SECURITY_DONE, SECURITY_REFUSED } from "#core/messages/security.ts";
import { ownPasswordRefusal } from "#app/lib/own-password.server.ts";
import type { Route } from "./+types/index";
import { adminContext, servicesContext } from "#app/context.ts";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";

export const handle = {
  recentPassword: ["start-two-factor"],
  signInComplete: ["recovery-codes", "disable-two-factor", "revoke-session", "revoke-other-sessions"],
} as const satisfies RouteHandle;

/**
 * Open while the two-factor setup is still owed, so outside the admin layouts: it checks the session itself. Starting
 * the setup asks for a recent password; what needs two factors on, and the sessions, need a complete sign-in.
 */
export const middleware: Route.MiddlewareFunction[] = [
  adminGuard({ openFrom: "two-factor-setup" }),
  writeGuardsFor(handle, { openFrom: "two-factor-setup" }),
];

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

/** The page's forms and buttons (securityActionSchema); new recovery codes are in the answer, shown once. */
export const action = pageAction(async ({ request, context }: Route.ActionArgs) => {
  const submission = parseWithZod(await readForm(request), { schema: securityActionSchema });
  if (submission.status !== "success") return formAnswer(submission.reply({ hideFields: ["password"] }), 400);
  const active = context.get(adminContext);
  const { admin } = active;
  const { twoFactor, auth } = context.get(servicesContext);
  const refused = (message: string, status: number) =>
    formAnswer(submission.reply({ formErrors: [message], hideFields: ["password"] }), status);
  const asked = submission.value;
  switch (asked.intent) {
    case "start-two-factor":
      // A new secret to scan (the page shows it with its QR code).
      return (await twoFactor.startSetup(admin)) ? formAnswer(submission.reply()) : refused(SECURITY_REFUSED.twoFactorAlreadyOn, 409);
    case "confirm-two-factor": {
      const result = await twoFactor.confirmSetup(admin.id, asked.code);
      if (result.ok) return formAnswer(submission.reply({ resetForm: true }), 200, undefined, { recoveryCodes: result.recoveryCodes });
      const message = result.reason === "setup-expired" ? SECURITY_REFUSED.setupExpired : SECURITY_REFUSED.wrongCode;
      return formAnswer(submission.reply({ fieldErrors: { code: [message] } }), 400);
    }
    case "recovery-codes": {
      // Ten new codes; the old ones stop working.
      if (!(await twoFactor.state(admin.id)).enabled) return refused(SECURITY_REFUSED.noRecoveryCodes, 409);
      const check = await auth.checkOwnPassword(admin.id, asked.password, "two-factor.recovery-codes-refused");
      if (!check.ok) return ownPasswordRefusal(submission, check);
      const recoveryCodes = await twoFactor.regenerateRecoveryCodes(admin.id);
      return formAnswer(submission.reply({ resetForm: true }), 200, undefined, { recoveryCodes });
    }
    case "disable-two-factor": {
      // The secret and the recovery codes go.
      const check = await auth.checkOwnPassword(admin.id, asked.password, "two-factor.disable-refused");
      if (!check.ok) return ownPasswordRefusal(submission, check);
      await twoFactor.disable(admin.id, admin.id);
      return doneAnswer(submission.reply({ resetForm: true }), SECURITY_DONE.twoFactorOff);
    }
    case "revoke-session":
      // One of the admin's own other sessions (a lost phone, a shared computer).
      return (await auth.revokeOwnSession(active, asked.id))
        ? doneAnswer(submission.reply(), SECURITY_DONE.signedOut)
        : refused(SECURITY_REFUSED.sessionEnded, 404);
    case "revoke-other-sessions": {
      const revoked = await auth.revokeOtherSessions(active);
      return doneAnswer(submission.reply(), SECURITY_DONE.signedOutElsewhere, { revoked });
    }
  }
});

export const meta = () => unlistedPageMeta("Security");

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
