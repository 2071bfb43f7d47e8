import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { href, redirect } from "react-router";
import { errorMessage } from "#core/errors.ts";
import { retryWait } from "#core/retry-wait.ts";
import { fill } from "#core/i18n/catalogue.ts";
import { en } from "#core/i18n/en.ts";
import { formsEn } from "#core/i18n/forms/en.ts";
import { localizedPath } from "#core/i18n/locale.ts";
import { messagesFor } from "#core/i18n/translations.ts";
import { contactSchemaIn } from "#core/schemas/contact.ts";
import { ContactForm } from "#app/components/home/contact-form.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { answerWhenOffline } from "#app/lib/answer-when-offline.ts";
import { requestLocale, useBook } from "#app/lib/i18n.ts";
import { bookOf, unlistedPageMeta } from "#app/lib/page-meta.ts";
import { formAnswer, honeypotFilled, readForm, tryLaterAnswer, refusalHeaders } from "#app/lib/forms.server.ts";
import type { Route } from "./+types/contact";
import { requestContext, servicesContext } from "#app/context.ts";

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.has("sent") };
}

export const meta: Route.MetaFunction = ({ matches }) => unlistedPageMeta(bookOf(matches, "site", en).nav.contactUs, "noindex");

/**
 * POST /contact (or /ur/contact, whose answers are in Urdu): a contact message, from the home page's form. With JavaScript the form posts it in the background
 * and shows the answer as a toast; without, the browser lands on this page: the form with its messages, or (after a
 * redirect, so a reload cannot send it twice) the spec's thank-you.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const locale = requestLocale(request);
  const words = messagesFor(locale, "forms");
  const submission = parseWithZod(form, { schema: contactSchemaIn(words) });
  if (honeypotFilled(form)) return formAnswer(submission.reply({ formErrors: [words.contact.failure] }), 400);
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  try {
    const stored = await context
      .get(servicesContext)
      .contactMessages.submit(submission.value, context.get(requestContext).clientIp, href("/admin/messages"));
    if (!stored.ok) {
      const tooMany = fill(words.contact.tooMany, { wait: retryWait(stored.retryAfterSeconds, words.checks) });
      return tryLaterAnswer(submission, tooMany, stored.retryAfterSeconds);
    }
  } catch (error) {
    context.get(requestContext).logger.error({ err: errorMessage(error) }, "contact message not stored");
    return formAnswer(submission.reply({ formErrors: [words.contact.failure] }), 500);
  }
  // A form sent without JavaScript carries no submission key: its thank-you is a page of its own.
  if (!submission.value.submissionKey) return redirect(`${localizedPath("/contact", locale)}?sent`, 303);
  return formAnswer(submission.reply({ resetForm: true }));
}

/** Offline, the form says the failure in its own language (ContactForm's fallback). */
export const clientAction = answerWhenOffline<{ ok: boolean; result?: SubmissionResult<string[]> }>({ ok: false });

export const headers = refusalHeaders;

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const words = useBook("forms", formsEn).contact;
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-8">
      <h1 className="text-3xl font-extrabold text-brand-900">{words.title}</h1>
      {loaderData.sent && <FormMessage tone="success">{words.success}</FormMessage>}
      <ContactForm lastResult={actionData?.result} />
    </main>
  );
}
