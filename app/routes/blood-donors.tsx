import { parseWithZod } from "@conform-to/zod/v4";
import { href } from "react-router";
import { errorMessage } from "#core/errors.ts";
import { BLOOD_DONOR_MESSAGES, donorCountText, NO_MONEY_FOR_BLOOD } from "#core/messages/blood.ts";
import { retryWait } from "#core/retry-wait.ts";
import { donorLinkRequestSchema, donorSignUpSchema } from "#core/schemas/blood-donor.ts";
import { DonorLinkRequestForm } from "#app/components/blood/donor-link-request-form.tsx";
import { DonorSignUpForm } from "#app/components/blood/donor-sign-up-form.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { formAnswer, honeypotFilled, readForm } from "#app/lib/forms.server.ts";
import type { Route } from "./+types/blood-donors";
import { requestContext, servicesContext } from "#app/context.ts";

/** The form, the interval choices, and the counts of available donors by group and city (never a count under 3). */
export async function loader({ context }: Route.LoaderArgs) {
  const donors = context.get(servicesContext).bloodDonors;
  const [counts, intervals] = await Promise.all([donors.publicCounts(), donors.intervals()]);
  return { counts, intervals, submissionKey: crypto.randomUUID() };
}

export function meta() {
  return [
    { title: "Become a blood donor" },
    {
      name: "description",
      content: "Join the society's blood-donor registry: when a patient needs your blood group, a coordinator asks you.",
    },
  ];
}

/** The counts change with every donor: no cache keeps the page. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers(actionHeaders);
  headers.set("Cache-Control", "no-store");
  return headers;
};

/**
 * POST /blood-donors, with or without JavaScript: `sign-up` (the donor form) or `new-link` (a new personal link by
 * email). Each answers the same whether the address is a donor's or not.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const services = context.get(servicesContext);
  const { clientIp, logger } = context.get(requestContext);
  if (form.get("intent") === "new-link") {
    const submission = parseWithZod(form, { schema: donorLinkRequestSchema });
    const refused = (status: number, message: string, headers?: HeadersInit) =>
      formAnswer(submission.reply({ formErrors: [message] }), status, headers, { form: "new-link" });
    if (submission.status !== "success") return formAnswer(submission.reply(), 400, undefined, { form: "new-link" });
    try {
      const sent = await services.bloodDonors.requestLink(submission.value.email, clientIp);
      if (!sent.ok) {
        const message = BLOOD_DONOR_MESSAGES.tooMany(retryWait(sent.retryAfterSeconds));
        return refused(429, message, { "Retry-After": String(sent.retryAfterSeconds) });
      }
    } catch (error) {
      logger.error({ err: errorMessage(error) }, "donor link not mailed");
      return refused(500, BLOOD_DONOR_MESSAGES.failure);
    }
    return formAnswer(submission.reply({ resetForm: true }), 200, undefined, { form: "new-link", done: BLOOD_DONOR_MESSAGES.linkSent });
  }
  const submission = parseWithZod(form, { schema: donorSignUpSchema(services.bloodDonors.today(new Date())) });
  const refused = (status: number, message: string, headers?: HeadersInit) =>
    formAnswer(submission.reply({ formErrors: [message] }), status, headers, { form: "sign-up" });
  if (honeypotFilled(form)) return refused(400, BLOOD_DONOR_MESSAGES.failure);
  if (submission.status !== "success") return formAnswer(submission.reply(), 400, undefined, { form: "sign-up" });
  try {
    const stored = await services.bloodDonors.signUp(submission.value, clientIp);
    if (!stored.ok) {
      const wait = retryWait(stored.retryAfterSeconds);
      const message = stored.scope === "email" ? BLOOD_DONOR_MESSAGES.tooManyForEmail(wait) : BLOOD_DONOR_MESSAGES.tooMany(wait);
      return refused(429, message, { "Retry-After": String(stored.retryAfterSeconds) });
    }
  } catch (error) {
    logger.error({ err: errorMessage(error) }, "blood donor not stored");
    return refused(500, BLOOD_DONOR_MESSAGES.failure);
  }
  return formAnswer(submission.reply({ resetForm: true }), 200, undefined, { form: "sign-up", done: BLOOD_DONOR_MESSAGES.checkYourMail });
}

export default function BloodDonorsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { counts, intervals, submissionKey } = loaderData;
  const answerOf = (form: "sign-up" | "new-link") =>
    actionData && "form" in actionData && actionData.form === form ? actionData : undefined;
  const signUp = answerOf("sign-up");
  const newLink = answerOf("new-link");
  const done = (answer: typeof actionData) => (answer && "done" in answer && typeof answer.done === "string" ? answer.done : undefined);
  const signedUp = done(signUp);
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-8 px-4 py-8">
      <section className="flex flex-col gap-4">
        <h1 className="text-3xl font-extrabold text-brand-900">Become a blood donor</h1>
        <p className="text-slate-800">
          When a patient needs blood, the society's blood coordinators look for donors of a compatible group near the hospital and ask them
          directly. Join the registry, and you may be the one who is asked. Only the coordinators see your contact details.
        </p>
        <p className="rounded-md border-s-4 border-red-700 bg-red-50 p-3 font-semibold text-red-900">{NO_MONEY_FOR_BLOOD}</p>
      </section>

      <section aria-labelledby="donor-counts-heading" className="flex flex-col gap-3">
        <h2 id="donor-counts-heading" className="text-xl font-bold text-brand-900">
          Donors available now
        </h2>
        {counts.length === 0 ? (
          <p className="text-slate-800">A count appears here once three or more donors of a blood group in a city are available.</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2">
            {counts.map((count) => (
              <li key={`${count.city}-${count.bloodGroup}`} className="rounded-md border border-slate-300 px-3 py-2 text-slate-900">
                <span className="font-semibold">{donorCountText(count.count, count.bloodGroup)}</span> in {count.city}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="flex flex-col gap-4">
        <h2 id="donor-form-heading" className="text-xl font-bold text-brand-900">
          Join the registry
        </h2>
        {signedUp ? (
          <FormMessage tone="success">{signedUp}</FormMessage>
        ) : (
          <DonorSignUpForm submissionKey={submissionKey} intervals={intervals} lastResult={signUp?.result} />
        )}
      </section>

      <section className="flex flex-col gap-4">
        <h2 id="donor-link-heading" className="text-xl font-bold text-brand-900">
          Already a donor? Get a new link
        </h2>
        <p className="text-slate-800">Your personal link lets you change your details or withdraw. Lost it? We mail you a new one.</p>
        <DonorLinkRequestForm action={href("/blood-donors")} lastResult={newLink?.result} sent={done(newLink)} />
      </section>
    </main>
  );
}
