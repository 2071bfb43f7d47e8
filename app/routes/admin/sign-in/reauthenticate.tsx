import { parseWithZod } from "@conform-to/zod/v4";
import { href, redirect } from "react-router";
import type { RouteHandle } from "#core/route-handle.ts";
import { passwordAgainSchema } from "#core/schemas/two-factor.ts";
import { AccountForm, useAccountForm } from "#app/components/admin/forms/account-form.tsx";
import { AccountPage } from "#app/components/admin/account-page.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { formAnswer, readForm, tryLaterAnswer, refusalHeaders } from "#app/lib/forms.server.ts";
import { adminGuard, adminReturnPath } from "#app/lib/admin-guards.server.ts";
import type { Route } from "./+types/reauthenticate";
import { adminContext, servicesContext } from "#app/context.ts";
import { SITE_BUSY } from "#core/messages/common.ts";
import { SIGN_IN_REFUSED } from "#core/messages/sign-in.ts";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";

/** A page of the sign-in: the admin is never sent back here once signed in. */
export const handle = { signIn: true } satisfies RouteHandle;

/**
 * Open before the sign-in is complete, so outside the admin layouts: it checks the session itself. Open during the
 * two-factor setup the Owners require too: starting it asks for a recent password, so an admin whose password is over
 * 10 minutes old must be able to give it here.
 */
export const middleware: Route.MiddlewareFunction[] = [adminGuard({ openFrom: "two-factor-setup" })];

export async function loader({ context }: Route.LoaderArgs) {
  const { admin } = context.get(adminContext);
  return { twoFactor: (await context.get(servicesContext).twoFactor.state(admin.id)).enabled };
}

export const meta = () => unlistedPageMeta("Confirm it's you");

/** The password (or the app's code) again; then back to the page the change was made from, to make it again. */
export async function action({ request, context }: Route.ActionArgs) {
  const active = context.get(adminContext);
  const submission = parseWithZod(await readForm(request), { schema: passwordAgainSchema });
  if (submission.status !== "success") return formAnswer(submission.reply({ hideFields: ["password"] }), 400);
  const result = await context.get(servicesContext).auth.reauthenticate(active, submission.value.password);
  if (result.ok) throw redirect((await adminReturnPath(context, new URL(request.url).searchParams.get("next"))) ?? href("/admin"));
  if (result.reason === "invalid-credentials" || result.reason === "wrong-code") {
    return formAnswer(
      submission.reply({ fieldErrors: { password: [SIGN_IN_REFUSED.notYourPasswordOrCode] }, hideFields: ["password"] }),
      400,
    );
  }
  const message = result.reason === "busy" ? SITE_BUSY : SIGN_IN_REFUSED.tooManyAttempts;
  return tryLaterAnswer(submission, message, result.retryAfterSeconds, ["password"]);
}

export const headers = refusalHeaders;

export default function ReauthenticatePage({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useAccountForm("reauthenticate", passwordAgainSchema, actionData?.result);
  return (
    <AccountPage
      title="Confirm it's you"
      intro="Changes to accounts, two-factor sign-in and personal data ask for your password again when you have not entered it for 10 minutes. Nothing was changed yet: after this, make the change again."
    >
      <AccountForm form={form} label="Confirm it's you" submit="Confirm">
        <Field
          meta={fields.password}
          label={loaderData.twoFactor ? "Your password, or the code from your authenticator app" : "Your password"}
          type="password"
          autoComplete="current-password"
        />
      </AccountForm>
    </AccountPage>
  );
}
