import { SIGN_IN_HANDLE } from "#core/route-handle.ts";
import { retryWait } from "#core/retry-wait.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { href, redirect } from "react-router";
import { secondFactorSchema } from "#core/schemas/two-factor.ts";
import { AccountForm, useAccountForm } from "#app/components/admin/forms/account-form.tsx";
import { AccountPage } from "#app/components/admin/account-page.tsx";
import { Field, FormMessage, firstMessage } from "#app/components/ui/field.tsx";
import { formAnswer, readForm, refusalHeaders } from "#app/lib/forms.server.ts";
import type { Route } from "./+types/login-code";
import { servicesContext } from "#app/context.ts";
import { SIGN_IN_REFUSED } from "#core/messages/sign-in.ts";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";

export const handle = SIGN_IN_HANDLE;

/**
 * Only a session whose password was right and whose second factor is still to come has anything to do here. A cookie
 * whose waiting session ended (too many wrong codes, or 10 minutes) gets the page saying so, with the refusal's message
 * when it was this page's own answer.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { auth } = context.get(servicesContext);
  const active = await auth.sessionOf(request);
  if (active?.session.secondFactorPending) return { waiting: true };
  if (active || !auth.hasSessionCookie(request)) throw redirect(href("/admin"));
  return { waiting: false };
}

export const meta = () => unlistedPageMeta("Two-factor sign-in");

/** The sign-in's second step: the app's code or a recovery code, each taken once; five wrong codes end the attempt. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: secondFactorSchema });
  if (submission.status !== "success") return formAnswer(submission.reply({ hideFields: ["code"] }), 400);
  const result = await context.get(servicesContext).auth.completeSecondFactor(request, submission.value.code);
  if (result.ok) throw redirect(href("/admin"), { headers: { "Set-Cookie": result.cookie! } });
  if (result.reason === "no-session") throw redirect(`${href("/admin")}?ended=1`);
  if (result.reason === "rate-limited") {
    const message = SIGN_IN_REFUSED.tooManyCodes(retryWait(result.retryAfterSeconds));
    return formAnswer(submission.reply({ formErrors: [message], hideFields: ["code"] }), 429, {
      "Retry-After": String(result.retryAfterSeconds),
      ...(result.cookie ? { "Set-Cookie": result.cookie } : {}),
    });
  }
  return formAnswer(submission.reply({ fieldErrors: { code: [SIGN_IN_REFUSED.wrongCode] }, hideFields: ["code"] }), 400);
}

export const headers = refusalHeaders;

export default function LoginCodePage({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useAccountForm("login-code", secondFactorSchema, actionData?.result);
  return (
    <AccountPage
      title="Two-factor sign-in"
      intro="Enter the 6-digit code your authenticator app shows for this site, or one of your recovery codes."
    >
      {!loaderData.waiting ? (
        <FormMessage>{firstMessage(form.errors) ?? SIGN_IN_REFUSED.signInEnded}</FormMessage>
      ) : (
        <AccountForm form={form} label="Two-factor sign-in" submit="Verify">
          <Field meta={fields.code} label="Code" autoComplete="one-time-code" spellCheck={false} autoFocus />
        </AccountForm>
      )}
    </AccountPage>
  );
}
