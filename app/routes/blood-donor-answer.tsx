import { data, Form, useNavigation } from "react-router";
import { errorMessage } from "#core/errors.ts";
import { BLOOD_ANSWER_MESSAGES, NO_MONEY_FOR_BLOOD } from "#core/messages/blood.ts";
import { Button } from "#app/components/ui/button.tsx";
import { NarrowPage } from "#app/components/site/narrow-page.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { readForm } from "#app/lib/forms.server.ts";
import { unlistedPageMeta, personalPageHeaders } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/blood-donor-answer";
import { requestContext, servicesContext } from "#app/context.ts";

/**
 * GET /blood-donors/answer?token=…, the page a coordinator's ask by mail links to: the request and two buttons.
 * Opening it changes nothing (a mail scanner that follows the link answers nothing). 404 for a link that does not work.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const ask = await context.get(servicesContext).bloodRequests.answerPage(token);
  if (!ask) return data({ ask: null, token: "" }, { status: 404 });
  return { ask, token };
}

export const meta = () => unlistedPageMeta("Can you donate?");

export const headers = personalPageHeaders;

/** POST /blood-donors/answer, with or without JavaScript: "yes" (I can donate) or "no" (I can't this time). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const token = String(form.get("token") ?? "");
  const answer = form.get("answer");
  if (answer !== "yes" && answer !== "no") return data({ ok: false, message: BLOOD_ANSWER_MESSAGES.chooseOne }, { status: 400 });
  try {
    if (!(await context.get(servicesContext).bloodRequests.answer(token, answer))) {
      return data({ ok: false, message: BLOOD_ANSWER_MESSAGES.closed }, { status: 409 });
    }
    return { ok: true, message: answer === "yes" ? BLOOD_ANSWER_MESSAGES.yes : BLOOD_ANSWER_MESSAGES.no };
  } catch (error) {
    context.get(requestContext).logger.error({ err: errorMessage(error) }, "donor's answer not stored");
    return data({ ok: false, message: BLOOD_ANSWER_MESSAGES.failure }, { status: 500 });
  }
}

export default function BloodDonorAnswerPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = (answer: string) => navigation.state === "submitting" && navigation.formData?.get("answer") === answer;
  const { ask, token } = loaderData;
  return (
    <NarrowPage title="Can you donate?">
      {!ask ? (
        <FormMessage tone="notice">{BLOOD_ANSWER_MESSAGES.linkGone}</FormMessage>
      ) : (
        <>
          <p className="text-lg text-slate-900">
            {`${ask.patientGroup} blood (${ask.units} unit${ask.units === 1 ? "" : "s"}) for a patient at ${ask.hospital}, ${ask.city}, needed by ${ask.neededByText}.`}
          </p>
          {actionData ? (
            <FormMessage tone={actionData.ok ? "success" : "error"}>{actionData.message}</FormMessage>
          ) : !ask.open ? (
            <FormMessage tone="notice">{BLOOD_ANSWER_MESSAGES.closed}</FormMessage>
          ) : (
            <Form method="post" className="flex flex-col gap-4" aria-label="Your answer">
              {ask.answer && (
                <p className="text-slate-800">{ask.answer === "yes" ? BLOOD_ANSWER_MESSAGES.saidYes : BLOOD_ANSWER_MESSAGES.saidNo}</p>
              )}
              <input type="hidden" name="token" value={token} />
              <div className="flex flex-wrap gap-3">
                <Button type="submit" name="answer" value="yes" disabled={navigation.state !== "idle"}>
                  {sending("yes") && <Spinner />}I can donate
                </Button>
                <Button type="submit" name="answer" value="no" variant="outline" disabled={navigation.state !== "idle"}>
                  {sending("no") && <Spinner />}I can't this time
                </Button>
              </div>
            </Form>
          )}
        </>
      )}
      <p className="text-sm font-semibold text-slate-700">{NO_MONEY_FOR_BLOOD}</p>
    </NarrowPage>
  );
}
