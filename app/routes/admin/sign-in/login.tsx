import { type RouteHandle, SIGN_IN_HANDLE } from "#core/route-handle.ts";
import { retryWait } from "#core/retry-wait.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { href, redirect } from "react-router";
import { ADMIN_ACCESS_MESSAGES } from "#core/messages/admin-access.ts";
import { SIGN_IN_REFUSED } from "#core/messages/sign-in.ts";
import { loginSchema } from "#core/schemas/login.ts";
import { LoginForm } from "#app/components/admin/login-form.tsx";
import { formAnswer, readForm, tryLaterAnswer, refusalHeaders } from "#app/lib/forms.server.ts";
import { adminReturnPath, SECOND_FACTOR_PATH } from "#app/lib/admin-guards.server.ts";
import type { Route } from "./+types/login";
import { requestContext, servicesContext } from "#app/context.ts";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";

export const handle = { ...SIGN_IN_HANDLE, login: true } satisfies RouteHandle;

/** The login as a page of its own: where the form lands without JavaScript when a sign-in is refused. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const next = (await adminReturnPath(context, new URL(request.url).searchParams.get("next"))) ?? href("/admin");
  const active = await context.get(servicesContext).auth.sessionOf(request);
  if (active) throw redirect(active.session.secondFactorPending ? SECOND_FACTOR_PATH : next);
  return null;
}

export const meta = () => unlistedPageMeta("Admin Login");

/**
 * The one admin action without a session: it starts one (limits first, then the password) and goes to /admin, or back
 * to the admin page the admin was on when their session ended.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: loginSchema });
  // The password never travels back in the answer.
  if (submission.status !== "success") return formAnswer(submission.reply({ hideFields: ["password"] }), 400);

  const result = await context
    .get(servicesContext)
    .auth.logIn({ ip: context.get(requestContext).clientIp, ...submission.value, userAgent: request.headers.get("user-agent") }, request);
  if (result.ok) {
    const next = result.session.secondFactorPending
      ? SECOND_FACTOR_PATH
      : ((await adminReturnPath(context, submission.value.next)) ?? href("/admin"));
    return redirect(next, { headers: { "Set-Cookie": result.cookie } });
  }
  if (result.reason === "busy") return tryLaterAnswer(submission, ADMIN_ACCESS_MESSAGES.loginBusy, result.retryAfterSeconds, ["password"]);
  if (result.reason === "rate-limited") {
    const message = SIGN_IN_REFUSED.tooManyLogins(retryWait(result.retryAfterSeconds));
    return tryLaterAnswer(submission, message, result.retryAfterSeconds, ["password"]);
  }
  const message = result.reason === "password-expired" ? SIGN_IN_REFUSED.passwordExpired : SIGN_IN_REFUSED.invalidCredentials;
  return formAnswer(submission.reply({ formErrors: [message], hideFields: ["password"] }), 401);
}

export const headers = refusalHeaders;

export default function LoginPage({ actionData }: Route.ComponentProps) {
  return <LoginForm lastResult={actionData?.result} />;
}
