import { href } from "react-router";
import { SIGN_IN_HANDLE } from "#core/route-handle.ts";
import { retryWait } from "#core/retry-wait.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { forgotPasswordSchema } from "#core/schemas/accounts.ts";
import { AccountForm, useAccountForm } from "#app/components/admin/forms/account-form.tsx";
import { AccountPage } from "#app/components/admin/account-page.tsx";
import { Field, FormMessage } from "#app/components/ui/field.tsx";
import { formAnswer, readForm, tryLaterAnswer, refusalHeaders } from "#app/lib/forms.server.ts";
import type { Route } from "./+types/forgot-password";
import { requestContext, servicesContext } from "#app/context.ts";
import { SIGN_IN_DONE, SIGN_IN_REFUSED } from "#core/messages/sign-in.ts";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";

export const handle = SIGN_IN_HANDLE;

export const meta = () => unlistedPageMeta("Forgot password");

/** The same answer whether or not an account has the address: the page tells nobody which addresses are admins'. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  const result = await context.get(servicesContext).accounts.requestPasswordReset({
    email: submission.value.email,
    ip: context.get(requestContext).clientIp,
    linkPage: href("/admin/reset-password"),
  });
  if (!result.ok) {
    const message = SIGN_IN_REFUSED.tooManyResetRequests(retryWait(result.retryAfterSeconds));
    return tryLaterAnswer(submission, message, result.retryAfterSeconds);
  }
  return formAnswer(submission.reply({ resetForm: true }), 200, undefined, { sent: true });
}

export const headers = refusalHeaders;

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const [form, fields] = useAccountForm("forgot-password", forgotPasswordSchema, actionData?.result);
  const sent = actionData && "sent" in actionData && actionData.sent;
  return (
    <AccountPage title="Forgot password" intro="Type the email of your admin account. We mail it a link to choose a new password.">
      {sent ? (
        <FormMessage tone="success">{SIGN_IN_DONE.resetLinkSent}</FormMessage>
      ) : (
        <AccountForm form={form} label="Forgot password" submit="Send reset link">
          <Field meta={fields.email} label="Email" type="email" autoComplete="username" />
        </AccountForm>
      )}
    </AccountPage>
  );
}
