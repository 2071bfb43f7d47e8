import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { forgotPasswordSchema } from "#core/schemas/accounts";
import { AccountPage } from "~/components/admin/account-page";
import { Button } from "~/components/ui/button";
import { Field, FormMessage, firstMessage } from "~/components/ui/field";
import { Spinner } from "~/components/ui/spinner";
import { formAnswer, readForm } from "~/lib/forms.server";
import type { Route } from "./+types/forgot-password";

export function meta() {
  return [{ title: "Forgot password" }, { name: "robots", content: "noindex, nofollow" }];
}

/** The same answer whether or not an account has the address: the page tells nobody which addresses are admins'. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  const result = await context.services.accounts.requestPasswordReset({ email: submission.value.email, ip: context.clientIp });
  if (!result.ok) {
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    const message = `Too many requests. Please try again in ${minutes <= 1 ? "a minute" : `${minutes} minutes`}.`;
    return formAnswer(submission.reply({ formErrors: [message] }), 429, { "Retry-After": String(result.retryAfterSeconds) });
  }
  return formAnswer(submission.reply({ resetForm: true }), 200, undefined, { sent: true });
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
    shouldRevalidate: "onInput",
  });
  const busy = useNavigation().state === "submitting";
  const sent = actionData && "sent" in actionData && actionData.sent;
  return (
    <AccountPage title="Forgot password" intro="Type the email of your admin account. We mail it a link to choose a new password.">
      {sent ? (
        <FormMessage tone="success">
          If an admin account has that address, a link to reset its password is on its way. It works once, for 30 minutes.
        </FormMessage>
      ) : (
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" aria-label="Forgot password">
          {form.errors && <FormMessage>{firstMessage(form.errors)}</FormMessage>}
          <Field meta={fields.email} label="Email" type="email" autoComplete="username" />
          <Button type="submit" disabled={busy}>
            {busy && <Spinner />}
            Send reset link
          </Button>
        </Form>
      )}
    </AccountPage>
  );
}
