import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { href, useFetcher } from "react-router";
import { changePasswordSchema } from "#core/schemas/change-password";
import { Button } from "~/components/ui/button";
import { Field, firstMessage } from "~/components/ui/field";
import { Spinner } from "~/components/ui/spinner";
import { showToast } from "~/components/ui/toasts";
import { useActionResult } from "~/lib/use-action-result";

/** SPEC 5 and 8, "Change password". Every other session of the admin ends on success (server side). */
export function ChangePasswordForm({ onChanged }: { onChanged?: () => void }) {
  const fetcher = useFetcher<{ ok: boolean; result: SubmissionResult<string[]> }>();
  const [form, fields] = useForm({
    lastResult: fetcher.data?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
    shouldRevalidate: "onInput",
  });
  useActionResult(fetcher.data, ({ ok, result }) => {
    if (ok) {
      showToast.success("Password updated successfully!");
      onChanged?.();
      return;
    }
    // A wrong current password arrives as the spec's 'Old password is incorrect' (the action's field message).
    showToast.error(firstMessage(result.error) || "Failed to update password");
  });
  const submitting = fetcher.state !== "idle";

  return (
    <fetcher.Form
      method="post"
      action={href("/admin/password")}
      {...getFormProps(form)}
      className="flex flex-col gap-4"
      aria-label="Change password"
    >
      <Field meta={fields.currentPassword} label="Current Password" type="password" autoComplete="current-password" />
      <Field meta={fields.newPassword} label="New Password" type="password" autoComplete="new-password" />
      <Field meta={fields.confirmPassword} label="Confirm New Password" type="password" autoComplete="new-password" />
      <Button type="submit" disabled={submitting}>
        {submitting && <Spinner />}
        Update Password
      </Button>
    </fetcher.Form>
  );
}
