import { reply } from "~/lib/admin-api.server";
import { logOut } from "~/lib/admin.server";
import { cookieOptions, requireAdmin } from "~/lib/admin.server";
import { clearSessionCookie, readSessionToken } from "~/lib/admin.server";
import type { Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context, { allowPendingPasswordChange: true });
  await logOut(context.db, readSessionToken(request));
  return reply({ ok: true }, 200, { "Set-Cookie": clearSessionCookie(cookieOptions(context)) });
}
