import { loginSchema } from "~/schemas/login";
import { invalid, readForm, reply, textFields } from "~/lib/admin-api.server";
import { logIn } from "~/lib/admin.server";
import { cookieOptions } from "~/lib/admin.server";
import { readSessionToken, sessionCookie } from "~/lib/admin.server";
import type { Route } from "./+types/login";

export const INVALID_CREDENTIALS_MESSAGE = "Invalid credentials. Please check the email and password.";

/** The one admin action without a session: it starts one (limits first, then the password). */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = loginSchema.safeParse(textFields(await readForm(request), ["email", "password"]));
  if (!parsed.success) return invalid(parsed.error);

  const result = await logIn(context.db, {
    ip: context.clientIp,
    email: parsed.data.email,
    password: parsed.data.password,
    userAgent: request.headers.get("user-agent"),
    currentToken: readSessionToken(request),
  }, { logger: context.logger });
  if (!result.ok && result.reason === "rate-limited") {
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    const wait = minutes <= 1 ? "a minute" : `${minutes} minutes`;
    return reply({ ok: false, error: `Too many login attempts. Please try again in ${wait}.` }, 429, {
      "Retry-After": String(result.retryAfterSeconds),
    });
  }
  if (!result.ok) return reply({ ok: false, error: INVALID_CREDENTIALS_MESSAGE }, 401);
  return reply({ ok: true, mustChangePassword: result.admin.mustChangePassword }, 200, {
    "Set-Cookie": sessionCookie(result.token, cookieOptions(context)),
  });
}
