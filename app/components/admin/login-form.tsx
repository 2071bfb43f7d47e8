import { zodResolver } from "@hookform/resolvers/zod";
import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { BackButton } from "~/components/site/back-button";
import { Button } from "~/components/ui/button";
import { describedBy, Field, inputClass } from "~/components/ui/field";
import { Spinner } from "~/components/ui/spinner";
import { showToast } from "~/components/ui/toasts";
import { loginSchema } from "~/schemas/login";
import { postForm } from "./post-form";

/** SPEC 2, "Login": on success the server has set the session cookie and `onSignedIn` reloads /admin. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [showPassword, setShowPassword] = useState(false);
  const form = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await postForm("/admin/login", values);
    if (!result.ok) {
      showToast.error(result.error || "Login failed");
      return;
    }
    await onSignedIn();
  });

  return (
    <main className="mx-auto flex max-w-md flex-col gap-6 px-4 py-8">
      <div>
        <BackButton />
      </div>
      <div>
        <h1 className="text-3xl font-extrabold text-brand-900">Admin Login</h1>
        <p className="mt-2 text-slate-700">Please enter your credentials to get Admin access.</p>
      </div>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4 rounded-xl border border-brand-100 bg-white p-6 shadow-sm">
        <Field id="login-email" label="Email" error={errors.email?.message}>
          <input
            id="login-email"
            type="email"
            autoComplete="username"
            placeholder="admin@example.com"
            className={inputClass}
            {...describedBy("login-email", errors.email?.message)}
            {...form.register("email")}
          />
        </Field>
        <Field id="login-password" label="Password" error={errors.password?.message}>
          <div className="relative">
            <input
              id="login-password"
              type={showPassword ? "text" : "password"}
              autoComplete="current-password"
              className={`${inputClass} pr-12`}
              {...describedBy("login-password", errors.password?.message)}
              {...form.register("password")}
            />
            <button
              type="button"
              className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-slate-700 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-800"
              aria-label={showPassword ? "Hide password" : "Show password"}
              aria-pressed={showPassword}
              onClick={() => setShowPassword((shown) => !shown)}
            >
              {showPassword ? <EyeOff className="size-5" aria-hidden /> : <Eye className="size-5" aria-hidden />}
            </button>
          </div>
        </Field>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          Login
        </Button>
      </form>
    </main>
  );
}
