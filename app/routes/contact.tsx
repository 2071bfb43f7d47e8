import { parseWithZod } from "@conform-to/zod/v4";
import { href, redirect } from "react-router";
import { errorMessage } from "#core/errors.ts";
import { retryWait } from "#core/retry-wait.ts";
import { contactSchema } from "#core/schemas/contact.ts";
import { CONTACT_MESSAGES } from "#core/messages/contact.ts";
import { ContactForm } from "#app/components/home/contact-form.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { answerWhenOffline, formFailure } from "#app/lib/answer-when-offline.ts";
import { formAnswer, honeypotFilled, readForm } from "#app/lib/forms.server.ts";
import type { Route } from "./+types/contact";
import { requestContext, servicesContext } from "#app/context.ts";

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.has("sent") };
}

export function meta() {
  return [{ title: "Contact Us" }, { name: "robots", content: "noindex" }];
}

/**
 * POST /contact: a contact message, from the home page's form. With JavaScript the form posts it in the background
 * and shows the answer as a toast; without, the browser lands on this page: the form with its messages, or (after a
 * redirect, so a reload cannot send it twice) the spec's thank-you.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: contactSchema });
  if (honeypotFilled(form)) return formAnswer(submission.reply({ formErrors: [CONTACT_MESSAGES.failure] }), 400);
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  try {
    const stored = await context
      .get(servicesContext)
      .contactMessages.submit(submission.value, context.get(requestContext).clientIp, href("/admin/messages"));
    if (!stored.ok) {
      return formAnswer(submission.reply({ formErrors: [CONTACT_MESSAGES.tooMany(retryWait(stored.retryAfterSeconds))] }), 429, {
        "Retry-After": String(stored.retryAfterSeconds),
      });
    }
  } catch (error) {
    context.get(requestContext).logger.error({ err: errorMessage(error) }, "contact message not stored");
    return formAnswer(submission.reply({ formErrors: [CONTACT_MESSAGES.failure] }), 500);
  }
  // A form sent without JavaScript carries no submission key: its thank-you is a page of its own.
  if (!submission.value.submissionKey) return redirect("/contact?sent", 303);
  return formAnswer(submission.reply({ resetForm: true }));
}

export const clientAction = answerWhenOffline({ ok: false, result: formFailure(CONTACT_MESSAGES.failure) });

/** A refusal's headers (Retry-After) go out with the page that shows it, too. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-8">
      <h1 className="text-3xl font-extrabold text-brand-900">Contact Us</h1>
      {loaderData.sent && <FormMessage tone="success">{CONTACT_MESSAGES.success}</FormMessage>}
      <ContactForm lastResult={actionData?.result} />
    </main>
  );
}
