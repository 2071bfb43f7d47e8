import { countOf } from "#core/count-of.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { errorMessage } from "#core/errors.ts";
import { announcementPagePath } from "#core/public-pages.ts";
import { retryWait } from "#core/retry-wait.ts";
import { registrationSchema } from "#core/schemas/registration.ts";
import { confirmationSentMessage, REGISTRATION_MESSAGES } from "#core/messages/registration.ts";
import { EventDetails } from "#app/components/site/announced-event.tsx";
import { BackButton } from "#app/components/site/back-button.tsx";
import { RegistrationForm } from "#app/components/site/registration-form.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { answerWhenOffline, formFailure } from "#app/lib/answer-when-offline.ts";
import { formAnswer, honeypotFilled, readForm } from "#app/lib/forms.server.ts";
import type { Route } from "./+types/announcement-register";
import { requestContext, servicesContext } from "#app/context.ts";
import { NOT_FOUND } from "#core/messages/common.ts";

/** The registration form of a live announcement that collects registrations on the site; 404 for any other. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const form = await context.get(servicesContext).registrations.form(params.id);
  if (!form) throw data(NOT_FOUND, { status: 404 });
  return { ...form, submissionKey: crypto.randomUUID() };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Register: ${loaderData.announcement.heading}` : "Register" }, { name: "robots", content: "noindex" }];
}

/**
 * POST /announcement/<id>/register, with or without JavaScript. The answer says that a confirmation mail is on its
 * way (the registration holds no place until it is confirmed from it), or why it was not taken, at the field it
 * concerns.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  // Read once: its questions check the answers, and the registration is taken for it.
  const target = await context.get(servicesContext).registrations.target(params.id);
  if (!target) throw data(NOT_FOUND, { status: 404 });
  const submission = parseWithZod(form, { schema: registrationSchema(target.settings.questions) });
  const refused = (status: number, message: string, extra: { full?: boolean } = {}, headers?: HeadersInit) =>
    formAnswer(submission.reply({ formErrors: [message] }), status, headers, extra);
  if (honeypotFilled(form)) return refused(400, REGISTRATION_MESSAGES.failure);
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  try {
    const result = await context
      .get(servicesContext)
      .registrations.register(target, submission.value, context.get(requestContext).clientIp);
    if (result.ok) return formAnswer(submission.reply({ resetForm: true }), 200, undefined, { done: confirmationSentMessage });
    switch (result.reason) {
      case "full":
        return refused(409, REGISTRATION_MESSAGES.full, { full: true });
      case "closed":
        return refused(403, REGISTRATION_MESSAGES.closed);
      case "missing":
        return refused(404, REGISTRATION_MESSAGES.notOpen);
      case "already-registered":
        return formAnswer(submission.reply({ fieldErrors: { email: [REGISTRATION_MESSAGES.alreadyRegistered] } }), 409);
      case "network-limit":
        return refused(429, REGISTRATION_MESSAGES.networkLimit);
      case "limit-reached":
        return refused(
          429,
          REGISTRATION_MESSAGES.tooManyFromNetwork(retryWait(result.retryAfterSeconds)),
          {},
          {
            "Retry-After": String(result.retryAfterSeconds),
          },
        );
    }
  } catch (error) {
    context.get(requestContext).logger.error({ err: errorMessage(error) }, "registration not stored");
    return refused(500, REGISTRATION_MESSAGES.failure);
  }
}

export const clientAction = answerWhenOffline({ ok: false, result: formFailure(REGISTRATION_MESSAGES.failure) });

/** A refusal's headers (Retry-After) go out with the page that shows it, too. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export default function AnnouncementRegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { announcement, questions, closed, closesAtText, placesLeft, submissionKey } = loaderData;
  const done = actionData && "done" in actionData && typeof actionData.done === "string" ? actionData.done : undefined;
  const full = placesLeft === 0 || (actionData !== undefined && "full" in actionData && actionData.full === true);
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <BackButton fallback={announcementPagePath(announcement.id)} />
      <h1 className="text-3xl font-extrabold break-words text-brand-900">Register: {announcement.heading}</h1>
      {announcement.event && <EventDetails event={announcement.event} />}
      {done ? (
        <>
          <FormMessage tone="success">{done}</FormMessage>
          <Button asChild className="self-start">
            <Link to={announcementPagePath(announcement.id)}>Back to the announcement</Link>
          </Button>
        </>
      ) : closed ? (
        <FormMessage tone="notice">{REGISTRATION_MESSAGES.closed}</FormMessage>
      ) : (
        <>
          <p className="text-slate-800">
            {placesLeft === null ? null : placesLeft === 0 ? REGISTRATION_MESSAGES.full : `${countOf(placesLeft, "place")} left.`}
            {closesAtText && ` Registration closes ${closesAtText}.`}
          </p>
          <RegistrationForm
            questions={questions}
            submissionKey={submissionKey}
            lastResult={actionData && "result" in actionData ? actionData.result : undefined}
            full={full}
          />
        </>
      )}
    </main>
  );
}
