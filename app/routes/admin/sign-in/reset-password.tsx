import { SIGN_IN_HANDLE } from "#core/route-handle.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { href, Link } from "react-router";
import { resetPasswordSchema } from "#core/schemas/accounts.ts";
import { AccountForm, NEW_PASSWORD_HELP, useAccountForm } from "#app/components/admin/forms/account-form.tsx";
import { AccountPage } from "#app/components/admin/account-page.tsx";
import { LINK_PASSWORD_FIELDS, linkRefusalAnswer } from "#app/lib/account-link.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Field, FormMessage } from "#app/components/ui/field.tsx";
import { formAnswer, readForm, refusalHeaders } from "#app/lib/forms.server.ts";
import type { Route } from "./+types/reset-password";
import { servicesContext } from "#app/context.ts";
import { SIGN_IN_DONE, SIGN_IN_REFUSED } from "#core/messages/sign-in.ts";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";

export const handle = SIGN_IN_HANDLE;

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, open: await context.get(servicesContext).accounts.passwordResetOpen(token) };
}

export const meta = () => unlistedPageMeta("Choose a new password");

/** Sets the new password once; every session of the account ends, and the admin signs in with it. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: resetPasswordSchema });
  if (submission.status !== "success") return formAnswer(submission.reply({ hideFields: LINK_PASSWORD_FIELDS }), 400);
  const { token, newPassword } = submission.value;
  const result = await context.get(servicesContext).accounts.resetPassword({ token, password: newPassword });
  if (result.ok) return formAnswer(submission.reply({ resetForm: true }), 200, undefined, { done: true });
  return linkRefusalAnswer(submission, result);
}

export const headers = refusalHeaders;

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useAccountForm("reset-password", resetPasswordSchema, actionData?.result);
  const done = actionData && "done" in actionData && actionData.done;
  return (
    <AccountPage
      title="Choose a new password"
      intro="Your new password signs you in from now on; every device signed in as you is signed out."
    >
      {done ? (
        <>
          <FormMessage tone="success">{SIGN_IN_DONE.passwordReset}</FormMessage>
          <Button asChild>
            <Link to={href("/admin")}>Go to the login</Link>
          </Button>
        </>
      ) : !loaderData.open ? (
        <>
          <FormMessage>{SIGN_IN_REFUSED.linkGone}</FormMessage>
          <Link to={href("/admin/forgot-password")} className="font-semibold text-brand-800 underline">
            Ask for a new link
          </Link>
        </>
      ) : (
        <AccountForm form={form} label="Choose a new password" submit="Save password">
          <input type="hidden" name="token" value={loaderData.token} />
          <Field
            meta={fields.newPassword}
            label="New Password"
            type="password"
            autoComplete="new-password"
            description={NEW_PASSWORD_HELP}
          />
          <Field meta={fields.confirmPassword} label="Confirm New Password" type="password" autoComplete="new-password" />
        </AccountForm>
      )}
    </AccountPage>
  );
}
