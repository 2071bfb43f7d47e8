import { changePasswordSchema } from "~/schemas/change-password";
import { invalid, readForm, reply, textFields } from "~/lib/admin-api.server";
import { changePassword } from "~/lib/admin.server";
import { requireAdmin } from "~/lib/admin.server";
import type { Route } from "./+types/password";

export async function action({ request, context }: Route.ActionArgs) {
  const { admin, session } = await requireAdmin(request, context, { allowPendingPasswordChange: true });
  const parsed = changePasswordSchema.safeParse(textFields(await readForm(request), ["currentPassword", "newPassword", "confirmPassword"]));
  if (!parsed.success) return invalid(parsed.error);

  const result = await changePassword(context.db, {
    adminId: admin.id,
    sessionId: session.id,
    currentPassword: parsed.data.currentPassword,
    newPassword: parsed.data.newPassword,
  });
  if (result.ok) return reply({ ok: true });
  switch (result.reason) {
    case "invalid-credentials":
      return reply({ ok: false, error: "Old password is incorrect", errors: { currentPassword: "Old password is incorrect" } }, 400);
    case "invalid-new-password":
      return reply({ ok: false, error: result.message, errors: { newPassword: result.message } }, 400);
    case "rate-limited":
      return reply({ ok: false, error: "Too many wrong passwords. Please try again later." }, 429, { "Retry-After": String(result.retryAfterSeconds) });
  }
}
