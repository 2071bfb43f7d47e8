import { parseWithZod } from "@conform-to/zod/v4";
import { data, href, Link } from "react-router";
import { errorMessage } from "#core/errors.ts";
import { retryWait } from "#core/retry-wait.ts";
import { fill } from "#core/i18n/catalogue.ts";
import { en } from "#core/i18n/en.ts";
import { formsEn } from "#core/i18n/forms/en.ts";
import { localizedPath } from "#core/i18n/locale.ts";
import { messagesFor } from "#core/i18n/translations.ts";
import { joinSchemasIn, joinStep1Schema } from "#core/schemas/join.ts";
import { type JoinAnswer, JoinForm } from "#app/components/join/join-form.tsx";
import { NarrowPage } from "#app/components/site/narrow-page.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { answerWhenOffline } from "#app/lib/answer-when-offline.ts";
import { requestLocale, useBook, useLocale } from "#app/lib/i18n.ts";
import { bookOf, unlistedPageMeta } from "#app/lib/page-meta.ts";
import { honeypotFilled, readForm, refusalHeaders } from "#app/lib/forms.server.ts";
import type { Route } from "./+types/join";
import { requestContext, servicesContext } from "#app/context.ts";

const STEP1_FIELDS = Object.keys(joinStep1Schema.shape);
const step1Values = (form: FormData) => Object.fromEntries(STEP1_FIELDS.map((name) => [name, String(form.get(name) ?? "")]));

/** The Join Us form as a page: where the Join Us entry leads without JavaScript. */
export async function loader({ context }: Route.LoaderArgs) {
  return {
    questions: await context.get(servicesContext).content.joinQuestions(),
    open: await context.get(servicesContext).settings.joinUsVisible(),
    submissionKey: crypto.randomUUID(),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => unlistedPageMeta(bookOf(matches, "site", en).nav.joinUs, "noindex");

/**
 * POST /join (or /ur/join, whose answers are in Urdu). The dialog checks the first step in the browser and sends the
 * whole application (intent "submit"); without JavaScript the page sends each step ("next", "back", "submit") and the
 * answer says which step to show.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const locale = requestLocale(request);
  const words = messagesFor(locale, "forms");
  const schemas = joinSchemasIn(words);
  const answer = (status: number, body: JoinAnswer, headers?: HeadersInit) => data(body, { status, headers });
  const intent = form.get("intent");
  if (intent === "back") return answer(200, { step: 1, values: step1Values(form) });
  if (intent === "next") {
    const submission = parseWithZod(form, { schema: schemas.step1 });
    return submission.status === "success"
      ? answer(200, { step: 2, values: step1Values(form) })
      : answer(400, { step: 1, result: submission.reply() });
  }

  const submission = parseWithZod(form, { schema: schemas.submission });
  const refused = (status: number, message: string, headers?: HeadersInit) =>
    answer(status, { step: 2, values: step1Values(form), result: submission.reply({ formErrors: [message] }) }, headers);
  if (honeypotFilled(form)) return refused(400, words.join.failure);
  if (submission.status !== "success") {
    // A first-step field can fail here only if the page was changed by hand: show that step with its message.
    const firstStepFailed = STEP1_FIELDS.some((name) => submission.error?.[name]);
    return answer(400, { step: firstStepFailed ? 1 : 2, values: step1Values(form), result: submission.reply() });
  }
  try {
    const stored = await context
      .get(servicesContext)
      .applications.submit(submission.value, context.get(requestContext).clientIp, href("/admin"), { locale });
    if (stored.ok) return answer(200, { step: 1, joined: true });
    if (stored.reason === "closed") return refused(403, words.join.closed);
    const wait = retryWait(stored.retryAfterSeconds, words.checks);
    const message = fill(stored.scope === "email" ? words.join.tooManyForEmail : words.join.tooManyFromNetwork, { wait });
    return refused(429, message, { "Retry-After": String(stored.retryAfterSeconds) });
  } catch (error) {
    context.get(requestContext).logger.error({ err: errorMessage(error) }, "join application not stored");
    return refused(500, words.join.failure);
  }
}

/** Offline, the form says the failure in its own language (JoinForm's fallback). */
export const clientAction = answerWhenOffline<JoinAnswer>({ step: 2 });

export const headers = refusalHeaders;

export default function JoinPage({ loaderData, actionData }: Route.ComponentProps) {
  const words = useBook("forms", formsEn).join;
  const locale = useLocale();
  return (
    <NarrowPage title={words.title}>
      {actionData?.joined ? (
        <>
          <FormMessage tone="success">{words.success}</FormMessage>
          <Button asChild className="self-start">
            <Link to={localizedPath("/", locale)}>{words.goBack}</Link>
          </Button>
        </>
      ) : loaderData.open ? (
        <JoinForm questions={loaderData.questions} submissionKey={loaderData.submissionKey} answer={actionData} />
      ) : (
        <FormMessage>{words.closed}</FormMessage>
      )}
    </NarrowPage>
  );
}
