import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { describedBy, Field, inputClass } from "~/components/ui/field";
import { Spinner } from "~/components/ui/spinner";
import { showToast } from "~/components/ui/toasts";
import { changePasswordSchema } from "~/schemas/change-password";
import { postForm } from "./post-form";

const FIELDS = [
  { name: "currentPassword", label: "Current Password", autoComplete: "current-password" },
  { name: "newPassword", label: "New Password", autoComplete: "new-password" },
  { name: "confirmPassword", label: "Confirm New Password", autoComplete: "new-password" },
] as const;

/** SPEC 5 and 8, "Change password". Every other session of the admin ends on success (server side). */
export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const form = useForm({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await postForm("/admin/password", values);
    if (!result.ok) {
      const message = result.error && /invalid credentials/i.test(result.error) ? "Old password is incorrect" : result.error;
      showToast.error(message || "Failed to update password");
      return;
    }
    showToast.success("Password updated successfully!");
    form.reset();
    onChanged();
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Change password">
      {FIELDS.map(({ name, label, autoComplete }) => {
        const id = `password-${name}`;
        const error = errors[name]?.message;
        return (
          <Field key={name} id={id} label={label} error={error}>
            <input id={id} type="password" autoComplete={autoComplete} className={inputClass} {...describedBy(id, error)} {...form.register(name)} />
          </Field>
        );
      })}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting && <Spinner />}
        Update Password
      </Button>
    </form>
  );
}
