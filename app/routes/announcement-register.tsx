import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { errorMessage } from "#core/errors.ts";
import { fill } from "#core/i18n/catalogue.ts";
import { localizedPath } from "#core/i18n/locale.ts";
import { registrationEn } from "#core/i18n/registration/en.ts";
import { messagesFor } from "#core/i18n/translations.ts";
import { announcementPagePath } from "#core/public-pages.ts";
import { retryWait } from "#core/retry-wait.ts";
import { REGISTRATION_LIMITS } from "#core/schemas/registration-limits.ts";
import { registrationSchemasIn } from "#core/schemas/registration.ts";
import { EventDetails } from "#app/components/site/announced-event.tsx";
import { BackButton } from "#app/components/site/back-button.tsx";
import { RegistrationForm } from "#app/components/site/registration-form.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { answerWhenOffline, formFailure } from "#app/lib/answer-when-offline.ts";
import { formAnswer, honeypotFilled, readForm, tryLaterAnswer, refusalHeaders } from "#app/lib/forms.server.ts";
import { requestLocale, useBook, useLocale } from "#app/lib/i18n.ts";
import { bookOf, unlistedPageMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/announcement-register";
import { requestContext, servicesContext } from "#app/context.ts";
import { NOT_FOUND } from "#core/messages/common.ts";
import { announcementsEn } from "#core/i18n/announcements/en.ts";

/**
 * The registration form of a live announcement that collects registrations on the site, in the language of its
 * address (/announcement/<id>/register, or under /ur); 404 for any other.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const form = await context.get(servicesContext).registrations.form(params.id, requestLocale(request));
  if (!form) throw data(NOT_FOUND, { status: 404 });
  return { ...form, submissionKey: crypto.randomUUID() };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { register } = bookOf(matches, "registration", registrationEn);
  return unlistedPageMeta(loaderData ? fill(register.title, { heading: loaderData.announcement.heading }) : register.register, "noindex");
}

/**
 * POST /announcement/<id>/register (or /ur/announcement/<id>/register), with or without JavaScript. The answer says, in
 * the page's language, that a confirmation mail is on its way (the registration holds no place until it is confirmed
 * from it), or why it was not taken, at the field it concerns. The registration keeps the page's language: its mails
 * are written in it.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = requestLocale(request);
  const { register } = messagesFor(locale, "registration");
  const { checks } = messagesFor(locale, "forms");
  const form = await readForm(request);
  // Read once: its questions check the answers, and the registration is taken for it.
  const target = await context.get(servicesContext).registrations.target(params.id);
  if (!target) throw data(NOT_FOUND, { status: 404 });
  const schema = registrationSchemasIn({ checks, register }).form(target.settings.questions);
  const submission = parseWithZod(form, { schema });
  const refused = (status: number, message: string, extra: { full?: boolean } = {}) =>
    formAnswer(submission.reply({ formErrors: [message] }), status, undefined, extra);
  if (honeypotFilled(form)) return refused(400, register.failure);
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  try {
    const result = await context
      .get(servicesContext)
      .registrations.register(target, { ...submission.value, locale }, context.get(requestContext).clientIp);
    if (result.ok) return formAnswer(submission.reply({ resetForm: true }), 200, undefined, { done: register.sent });
    switch (result.reason) {
      case "full":
        return refused(409, register.full, { full: true });
      case "closed":
        return refused(403, messagesFor(locale, "announcements").announcements.registrationClosed);
      case "missing":
        return refused(404, register.notOpen);
      case "already-registered":
        return formAnswer(submission.reply({ fieldErrors: { email: [register.alreadyRegistered] } }), 409);
      case "network-limit":
        return refused(429, fill(register.networkLimit, { limit: REGISTRATION_LIMITS.perNetwork }));
      case "limit-reached": {
        const wait = retryWait(result.retryAfterSeconds, checks);
        return tryLaterAnswer(submission, fill(register.tooManyFromNetwork, { wait }), result.retryAfterSeconds);
      }
    }
  } catch (error) {
    context.get(requestContext).logger.error({ err: errorMessage(error) }, "registration not stored");
    return refused(500, register.failure);
  }
}

/** No answer from the server (offline): the form says so in the page's language (`offline`), its scripts holding English only. */
export const clientAction = answerWhenOffline({ ok: false, offline: true, result: formFailure(registrationEn.register.failure) });

export const headers = refusalHeaders;

export default function AnnouncementRegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { announcement, questions, closed, closesAtText, placesLeft, submissionKey } = loaderData;
  const { register } = useBook("registration", registrationEn);
  const { announcements } = useBook("announcements", announcementsEn);
  const pagePath = localizedPath(announcementPagePath(announcement.id), useLocale());
  const done = actionData && "done" in actionData && typeof actionData.done === "string" ? actionData.done : undefined;
  const full = placesLeft === 0 || (actionData !== undefined && "full" in actionData && actionData.full === true);
  const offline = actionData !== undefined && "offline" in actionData && actionData.offline === true;
  const places = placesLeft === 1 ? register.onePlaceLeft : fill(register.placesLeft, { count: placesLeft ?? 0 });
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <BackButton fallback={announcementPagePath(announcement.id)} />
      <h1 className="text-3xl font-extrabold break-words text-brand-900">{fill(register.title, { heading: announcement.heading })}</h1>
      {announcement.event && <EventDetails event={announcement.event} />}
      {done ? (
        <>
          <FormMessage tone="success">{done}</FormMessage>
          <Button asChild className="self-start">
            <Link to={pagePath}>{register.backToAnnouncement}</Link>
          </Button>
        </>
      ) : closed ? (
        <FormMessage tone="notice">{announcements.registrationClosed}</FormMessage>
      ) : (
        <>
          <p className="text-slate-800">
            {placesLeft === null ? null : placesLeft === 0 ? register.full : places}
            {closesAtText && ` ${fill(register.closesAt, { when: closesAtText })}`}
          </p>
          <RegistrationForm
            questions={questions}
            submissionKey={submissionKey}
            lastResult={offline ? formFailure(register.failure) : actionData && "result" in actionData ? actionData.result : undefined}
            full={full}
          />
        </>
      )}
    </main>
  );
}
