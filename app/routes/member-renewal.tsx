import { data, Form, href, redirect, useNavigation } from "react-router";
import { errorMessage } from "#core/errors.ts";
import { RENEWAL_MESSAGES } from "#core/messages/members.ts";
import { NarrowPage } from "#app/components/site/narrow-page.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { SubmitButton } from "#app/components/ui/submit-button.tsx";
import { readForm } from "#app/lib/forms.server.ts";
import { unlistedPageMeta, personalPageHeaders } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/member-renewal";
import { requestContext, servicesContext } from "#app/context.ts";

/**
 * GET /members/renew?token=…, the page a new session's mail links to: one button to stay a member. Opening it changes
 * nothing (a mail scanner that follows the link renews no one). 404 for a link that does not work.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  // Where staying leads (303), so a reload cannot post it again; the link no longer works after it.
  if (query.has("stayed")) return { renewal: null, token: "", stayed: true };
  const token = query.get("token") ?? "";
  const renewal = await context.get(servicesContext).members.renewalPage(token);
  if (!renewal) return data({ renewal: null, token: "", stayed: false }, { status: 404 });
  return { renewal, token, stayed: false };
}

export const meta = () => unlistedPageMeta("Stay a member");

export const headers = personalPageHeaders;

/** POST /members/renew, with or without JavaScript: the member stays for the new session, then the page says so (303). */
export async function action({ request, context }: Route.ActionArgs) {
  const token = String((await readForm(request)).get("token") ?? "");
  try {
    const members = context.get(servicesContext).members;
    const renewal = await members.renewalPage(token);
    if (!renewal || !(await members.renew(token))) return data({ ok: false, message: RENEWAL_MESSAGES.closed }, { status: 409 });
    // The page after it says a fixed thank-you: it repeats nothing of the address, which anyone can write.
    return redirect(`${href("/members/renew")}?stayed`, 303);
  } catch (error) {
    context.get(requestContext).logger.error({ err: errorMessage(error) }, "membership not renewed");
    return data({ ok: false, message: RENEWAL_MESSAGES.failure }, { status: 500 });
  }
}

export default function MemberRenewalPage({ loaderData, actionData }: Route.ComponentProps) {
  const sending = useNavigation().state !== "idle";
  const { renewal, token, stayed } = loaderData;
  return (
    <NarrowPage title="Stay a member">
      {stayed ? (
        <FormMessage tone="success">{RENEWAL_MESSAGES.stayed}</FormMessage>
      ) : actionData ? (
        <FormMessage tone={actionData.ok ? "success" : "error"}>{actionData.message}</FormMessage>
      ) : !renewal || !renewal.open ? (
        <FormMessage tone="notice">{RENEWAL_MESSAGES.closed}</FormMessage>
      ) : (
        <Form method="post" className="flex flex-col gap-4" aria-label="Stay a member">
          <p className="text-slate-900">{`Hello ${renewal.name}. A new session starts: do you want to stay a member?`}</p>
          <input type="hidden" name="token" value={token} />
          <SubmitButton busy={sending}>{`Yes, keep me a member for ${renewal.session}`}</SubmitButton>
        </Form>
      )}
    </NarrowPage>
  );
}
