import { href } from "react-router";
import { changePasswordSchema } from "#core/schemas/change-password.ts";
import { AdminForm, useAdminForm } from "#app/components/admin/forms/admin-form.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { SECURITY_DONE, SECURITY_FAILED } from "#core/messages/security.ts";

/**
 * SPEC 5 and 8, "Change password". Every other session of the admin ends on success (server side). A wrong current
 * password is the spec's 'Old password is incorrect', at its field and as the toast.
 */
export function ChangePasswordForm({ onChanged }: { onChanged?: () => void }) {
  const change = useAdminForm({
    id: "change-password",
    action: href("/admin/password"),
    schema: changePasswordSchema,
    shouldValidate: "onSubmit",
    toasts: { success: SECURITY_DONE.passwordUpdated, failure: SECURITY_FAILED.password },
    onSaved: onChanged,
  });
  return (
    <AdminForm form={change} label="Change password" submit="Update Password" submitClassName="">
      <Field meta={change.fields.currentPassword} label="Current Password" type="password" autoComplete="current-password" />
      <Field meta={change.fields.newPassword} label="New Password" type="password" autoComplete="new-password" />
      <Field meta={change.fields.confirmPassword} label="Confirm New Password" type="password" autoComplete="new-password" />
    </AdminForm>
  );
}
