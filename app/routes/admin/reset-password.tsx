import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { resetPasswordSchema } from "#core/schemas/accounts";
import { AccountPage, LINK_GONE_MESSAGE } from "~/components/admin/account-page";
import { linkRefusalAnswer } from "~/lib/account-link.server";
import { Button } from "~/components/ui/button";
import { Field, FormMessage, firstMessage } from "~/components/ui/field";
import { Spinner } from "~/components/ui/spinner";
import { formAnswer, readForm } from "~/lib/forms.server";
import type { Route } from "./+types/reset-password";

const hideFields = ["newPassword", "confirmPassword"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, open: await context.services.accounts.passwordResetOpen(token) };
}

export function meta() {
  return [{ title: "Choose a new password" }, { name: "robots", content: "noindex, nofollow" }];
}

/** Sets the new password once; every session of the account ends, and the admin signs in with it. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: resetPasswordSchema });
  if (submission.status !== "success") return formAnswer(submission.reply({ hideFields }), 400);
  const result = await context.services.accounts.resetPassword({ token: submission.value.token, password: submission.value.newPassword });
  if (result.ok) return formAnswer(submission.reply({ resetForm: true }), 200, undefined, { done: true });
  return linkRefusalAnswer(submission, result);
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
    shouldRevalidate: "onInput",
  });
  const busy = useNavigation().state === "submitting";
  const done = actionData && "done" in actionData && actionData.done;
  return (
    <AccountPage
      title="Choose a new password"
      intro="Your new password signs you in from now on; every device signed in as you is signed out."
    >
      {done ? (
        <>
          <FormMessage tone="success">Your password is changed. Sign in with it now.</FormMessage>
          <Button asChild>
            <Link to="/admin">Go to the login</Link>
          </Button>
        </>
      ) : !loaderData.open ? (
        <>
          <FormMessage>{LINK_GONE_MESSAGE}</FormMessage>
          <Link to="/admin/forgot-password" className="font-semibold text-brand-800 underline">
            Ask for a new link
          </Link>
        </>
      ) : (
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" aria-label="Choose a new password">
          {form.errors && <FormMessage>{firstMessage(form.errors)}</FormMessage>}
          <input type="hidden" name="token" value={loaderData.token} />
          <Field
            meta={fields.newPassword}
            label="New Password"
            type="password"
            autoComplete="new-password"
            description="At least 8 characters. Several uncommon words are easy to remember and hard to guess."
          />
          <Field meta={fields.confirmPassword} label="Confirm New Password" type="password" autoComplete="new-password" />
          <Button type="submit" disabled={busy}>
            {busy && <Spinner />}
            Save password
          </Button>
        </Form>
      )}
    </AccountPage>
  );
}
