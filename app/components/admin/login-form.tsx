import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { href, Link, useFetcher, useLocation, useSearchParams } from "react-router";
import { ADMIN_ACCESS_MESSAGES } from "#core/messages/admin-access.ts";
import { SIGN_IN_FAILED } from "#core/messages/sign-in.ts";
import { loginSchema } from "#core/schemas/login.ts";
import { BackButton } from "#app/components/site/back-button.tsx";
import { Field, firstMessage, FormMessage } from "#app/components/ui/field.tsx";
import { SubmitButton } from "#app/components/ui/submit-button.tsx";
import { showToast } from "#app/components/ui/toasts.ts";
import { useActionResult } from "#app/lib/use-action-result.ts";

/**
 * SPEC 2, "Login". It posts to /admin/login, which signs in and goes to /admin; a refusal comes back as the form's
 * messages (and, with JavaScript, the spec's toast). Without JavaScript a refusal lands on the /admin/login page,
 * which shows this form with `lastResult`. Sent here because the session ended (`?ended=1`), it says so; `?next=` is the
 * admin page the login leads back to.
 */
export function LoginForm({ lastResult, ended: endedHere = false }: { lastResult?: SubmissionResult<string[]>; ended?: boolean }) {
  const [showPassword, setShowPassword] = useState(false);
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const ended = endedHere || searchParams.has("ended");
  // Drawn in place of a filtered panel (/admin?q=…), the login leads back to it; the server accepts only admin pages.
  const here = location.search && !searchParams.has("ended") ? `${location.pathname}${location.search}` : undefined;
  const next =
    searchParams.get("next") ?? (typeof lastResult?.initialValue?.next === "string" ? lastResult.initialValue.next : undefined) ?? here;
  const fetcher = useFetcher<{ result: SubmissionResult<string[]> }>();
  const [form, fields] = useForm({
    lastResult: fetcher.data?.result ?? lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldRevalidate: "onInput",
  });
  useActionResult(fetcher.data, ({ result }) => showToast.error(firstMessage(result.error?.[""]) ?? SIGN_IN_FAILED.login));
  const submitting = fetcher.state !== "idle";

  return (
    <main className="mx-auto flex max-w-md flex-col gap-6 px-4 py-8">
      <div>
        <BackButton />
      </div>
      <div>
        <h1 className="text-3xl font-extrabold text-brand-900">Admin Login</h1>
        <p className="mt-2 text-slate-700">Please enter your credentials to get Admin access.</p>
      </div>
      <fetcher.Form
        method="post"
        action={href("/admin/login")}
        {...getFormProps(form)}
        className="flex flex-col gap-4 rounded-xl border border-brand-100 bg-white p-6 shadow-sm"
      >
        {/* Without JavaScript the refusal arrives as the page: its message shows here (with JavaScript, as a toast). */}
        {lastResult && !fetcher.data && form.errors && <FormMessage>{firstMessage(form.errors)}</FormMessage>}
        {ended && !lastResult && !fetcher.data && <FormMessage tone="notice">{ADMIN_ACCESS_MESSAGES.sessionEnded}</FormMessage>}
        {next && <input type="hidden" name="next" value={next} />}
        <Field meta={fields.email} label="Email" type="email" autoComplete="username" placeholder="admin@example.com" />
        <Field
          meta={fields.password}
          label="Password"
          type={showPassword ? "text" : "password"}
          autoComplete="current-password"
          inputButton={
            <button
              type="button"
              className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-slate-700 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-800"
              aria-label={showPassword ? "Hide password" : "Show password"}
              aria-pressed={showPassword}
              onClick={() => setShowPassword((shown) => !shown)}
            >
              {showPassword ? <EyeOff className="size-5" aria-hidden /> : <Eye className="size-5" aria-hidden />}
            </button>
          }
        />
        <SubmitButton busy={submitting} className="">
          Login
        </SubmitButton>
        <Link to={href("/admin/forgot-password")} className="self-center font-semibold text-brand-800 underline">
          Forgot password?
        </Link>
      </fetcher.Form>
    </main>
  );
}
