import { SIGN_IN_HANDLE } from "#core/route-handle.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { href, redirect } from "react-router";
import { ROLE_LABELS } from "#core/admin-roles.ts";
import { acceptInvitationSchema } from "#core/schemas/accounts.ts";
import { AccountForm, NEW_PASSWORD_HELP, useAccountForm } from "#app/components/admin/forms/account-form.tsx";
import { AccountPage } from "#app/components/admin/account-page.tsx";
import { LINK_PASSWORD_FIELDS, linkRefusalAnswer } from "#app/lib/account-link.server.ts";
import { Field, FormMessage } from "#app/components/ui/field.tsx";
import { formAnswer, readForm, refusalHeaders } from "#app/lib/forms.server.ts";
import type { Route } from "./+types/accept-invitation";
import { requestContext, servicesContext } from "#app/context.ts";
import { SIGN_IN_REFUSED } from "#core/messages/sign-in.ts";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";

export const handle = SIGN_IN_HANDLE;

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const invitation = await context.get(servicesContext).accounts.invitation(token);
  return { token, invitation: invitation && { email: invitation.email, role: ROLE_LABELS[invitation.role] } };
}

export const meta = () => unlistedPageMeta("Accept the invitation");

/** Creates the account, once, and signs the new admin in. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: acceptInvitationSchema });
  if (submission.status !== "success") return formAnswer(submission.reply({ hideFields: LINK_PASSWORD_FIELDS }), 400);
  const { token, name, newPassword } = submission.value;
  const result = await context.get(servicesContext).accounts.acceptInvitation({ token, name, password: newPassword });
  if (result.ok)
    throw redirect(href("/admin"), {
      headers: {
        "Set-Cookie": await context.get(servicesContext).auth.startSession(result.adminId, request, context.get(requestContext).clientIp),
      },
    });
  return linkRefusalAnswer(submission, result);
}

export const headers = refusalHeaders;

export default function AcceptInvitationPage({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useAccountForm("accept-invitation", acceptInvitationSchema, actionData?.result);
  const { invitation } = loaderData;
  return (
    <AccountPage
      title="Accept the invitation"
      intro={
        invitation
          ? `You are invited to run this site as ${invitation.role}. Choose your name and password.`
          : "Invitations to run this site."
      }
    >
      {!invitation ? (
        <FormMessage>{SIGN_IN_REFUSED.invitationGone}</FormMessage>
      ) : (
        <AccountForm form={form} label="Accept the invitation" submit="Create my account">
          <input type="hidden" name="token" value={loaderData.token} />
          <p className="text-slate-700">
            <span className="font-semibold text-slate-900">Email: </span>
            {invitation.email}
          </p>
          <Field meta={fields.name} label="Your name" autoComplete="name" />
          <Field meta={fields.newPassword} label="Password" type="password" autoComplete="new-password" description={NEW_PASSWORD_HELP} />
          <Field meta={fields.confirmPassword} label="Confirm Password" type="password" autoComplete="new-password" />
        </AccountForm>
      )}
    </AccountPage>
  );
}
