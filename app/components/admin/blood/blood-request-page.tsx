import { useEffect } from "react";
import { Form, href, Link, useActionData, useFetcher, useRevalidator, useRouteLoaderData } from "react-router";
import { NOT_DONE } from "#core/messages/common.ts";
import { BLOOD_APPEAL_MESSAGES, BLOOD_REQUEST_STATUS_LABELS } from "#core/messages/blood.ts";
import { bloodRequestActionSchema } from "#core/schemas/blood-request.ts";
import { AdminForm, useAdminForm } from "#app/components/admin/forms/admin-form.tsx";
import { useAnswerToasts } from "#app/components/admin/forms/answer-toasts.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Checkbox, Field, FormMessage } from "#app/components/ui/field.tsx";
import { RadioGroup } from "#app/components/ui/radio-group.tsx";
import type { FieldMetadata } from "@conform-to/react";
import { Spinner } from "#app/components/ui/spinner.tsx";
import type { ActionAnswer } from "#app/lib/answer-message.ts";
import { answerMessage } from "#app/lib/answer-message.ts";
import type { BloodRequestView, MatchView, Reveal } from "#server/services/blood-requests.ts";
import type { SiteChrome } from "#server/services/site-content.ts";
import { WhatsAppShareLink } from "#app/components/site/whatsapp-share-link.tsx";
import { whatsAppMessage } from "#core/whatsapp.ts";
import { requestTitle, StatusBadge } from "./blood-request-list";
import { countOf } from "#core/count-of.ts";
import type { Route } from "../../../routes/admin/blood/+types/request";

type AskedView = Route.ComponentProps["loaderData"]["asked"][number];

type RevealAnswer = ActionAnswer & { reveal?: Reveal & { donorId: string } };

const rested = (days: number | undefined) => (days === undefined ? "Never donated" : `Last gave ${countOf(days, "day")} ago`);

/** The number and its two links, once revealed. */
function RevealedNumber({ reveal }: { reveal: Reveal }) {
  return (
    <p className="flex flex-wrap items-center gap-3 text-slate-900">
      <span className="font-mono font-semibold">{reveal.phone}</span>
      <a href={reveal.whatsApp} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-800 underline">
        Open WhatsApp (opens in a new tab)
      </a>
      <a href={reveal.call} className="font-semibold text-brand-800 underline">
        Call
      </a>
    </p>
  );
}

/**
 * One matching donor: group, area, how long since they gave, whether they were asked. WhatsApp (in a new tab) and Call
 * post as pages, so the server's redirect opens the app itself; Show number asks in the background and shows the number
 * with both links. Each reveals the number and is audited.
 */
function MatchRow({ match, label, pageReveal }: { match: MatchView; label: string; pageReveal?: RevealAnswer["reveal"] }) {
  const fetcher = useFetcher<RevealAnswer>();
  const { announce } = useAnswerToasts(fetcher.data, { failure: NOT_DONE });
  const reveal = fetcher.data?.reveal ?? (pageReveal?.donorId === match.id ? pageReveal : undefined);
  const hidden = (channel: string) => (
    <>
      <input type="hidden" name="intent" value="reveal" />
      <input type="hidden" name="donorId" value={match.id} />
      <input type="hidden" name="channel" value={channel} />
    </>
  );
  return (
    <li className="flex flex-col gap-2 px-4 py-3" aria-label={label}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-slate-900">
        <span className="font-bold">{match.bloodGroup}</span>
        <span>
          {match.area}
          {match.sameCity ? "" : `, ${match.city}`}
        </span>
        <span className="text-sm text-slate-700">{rested(match.daysSinceDonation)}</span>
        {match.askedAt && (
          <span className="rounded bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">
            {match.answer === "yes" ? "Said yes" : match.answer === "no" ? "Said no" : "Asked"}
          </span>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Form method="post" reloadDocument target="_blank">
          {hidden("whatsapp")}
          <Button type="submit" size="sm" aria-label={`WhatsApp ${label} (opens in a new tab)`}>
            WhatsApp
          </Button>
        </Form>
        <Form method="post" reloadDocument>
          {hidden("call")}
          <Button type="submit" size="sm" variant="outline" aria-label={`Call ${label}`}>
            Call
          </Button>
        </Form>
        {!reveal && (
          <fetcher.Form method="post" onSubmit={announce}>
            {hidden("number")}
            <Button
              type="submit"
              size="sm"
              variant="outline"
              disabled={fetcher.state !== "idle"}
              aria-label={`Show the number of ${label}`}
            >
              {fetcher.state !== "idle" && <Spinner className="size-4" />}
              Show number
            </Button>
          </fetcher.Form>
        )}
      </div>
      {reveal && <RevealedNumber reveal={reveal} />}
    </li>
  );
}

/** "Ask by mail": the first donors of the list not asked yet get a mail with a link to answer. */
function AskByMailForm({ notAsked }: { notAsked: number }) {
  const askForm = useAdminForm({
    id: "ask-by-mail",
    intent: "ask-by-mail",
    schema: bloodRequestActionSchema,
    defaultValue: { count: String(Math.min(5, Math.max(notAsked, 1))) },
    toasts: { failure: NOT_DONE },
  });
  const count = askForm.fields.count as unknown as FieldMetadata<string>;
  return (
    <AdminForm form={askForm} submit="Ask by mail" label="Ask by mail" className="flex flex-wrap items-end gap-3">
      <Field
        meta={count}
        label="Donors to ask"
        type="text"
        inputMode="numeric"
        className="w-40"
        description={`${notAsked} listed not asked yet; at most 20 at once.`}
      />
    </AdminForm>
  );
}

const CLOSE_OUTCOMES = {
  fulfilled: BLOOD_REQUEST_STATUS_LABELS.fulfilled,
  "not-needed": BLOOD_REQUEST_STATUS_LABELS["not-needed"],
};

/** Closing: fulfilled (with who gave, from those asked) or no longer needed. */
function CloseForm({ asked }: { asked: AskedView[] }) {
  const closeForm = useAdminForm({ id: "close-request", intent: "close", schema: bloodRequestActionSchema, toasts: { failure: NOT_DONE } });
  const outcome = closeForm.fields.outcome as unknown as FieldMetadata<unknown>;
  return (
    <AdminForm form={closeForm} submit="Close request" label="Close the request">
      <RadioGroup meta={outcome} legend="How did it end?" options={CLOSE_OUTCOMES} />
      {asked.length > 0 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-semibold text-slate-900">Who gave (when fulfilled)</legend>
          <p className="text-sm text-slate-700">
            Their last donation becomes today, so no one asks them again until their interval has passed.
          </p>
          {asked.map((donor, index) => (
            <Checkbox key={donor.id} name="donorIds" value={donor.id}>
              {`Asked donor ${index + 1}: ${donor.bloodGroup}, ${donor.area}`}
            </Checkbox>
          ))}
        </fieldset>
      )}
    </AdminForm>
  );
}

/**
 * A request's page: what is needed where and by when, the donors who can give now (no name or number until revealed),
 * those asked so far, and closing it. Coming back to the tab (after WhatsApp) reads the page again, so "Asked" shows.
 */
export function BloodRequestPage({
  request,
  matches,
  asked,
  listPage,
}: {
  request: BloodRequestView;
  matches: MatchView[];
  asked: AskedView[];
  listPage: string;
}) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") void revalidator.revalidate();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [revalidator]);
  const pageAnswer = useActionData<RevealAnswer>();
  const refusal = pageAnswer && !pageAnswer.ok ? answerMessage(pageAnswer) : undefined;
  const open = request.status === "open";
  const publicUrl = useRouteLoaderData<SiteChrome>("root")?.publicUrl ?? "";
  const appealTitle = BLOOD_APPEAL_MESSAGES.title(request.patientGroup, request.units);
  const notAsked = matches.filter((match) => !match.askedAt).length;
  return (
    <main className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-8">
      <Link to={listPage} className="self-start font-semibold text-brand-800 underline">
        All requests
      </Link>
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold break-words text-brand-900">{requestTitle(request)}</h1>
        <div className="flex flex-wrap items-center gap-3">
          <StatusBadge status={request.status} />
          <span className="text-slate-800">Needed by {request.neededByText}</span>
        </div>
        <p className="text-slate-800">Contact at the hospital: {request.contact}</p>
        {request.note && <p className="whitespace-pre-line text-slate-800">{request.note}</p>}
        {open && (
          // For the society's groups: the need, where and by when, and the donors' page to sign up at. Not the note or
          // the contact: those are the patient's, and the coordinator adds them in WhatsApp if the family agrees.
          <WhatsAppShareLink
            className="self-start"
            title={appealTitle}
            message={whatsAppMessage({
              title: appealTitle,
              when: `needed by ${request.neededByText}`,
              where: `${request.hospital}, ${request.city}`,
              line: BLOOD_APPEAL_MESSAGES.ask,
            })}
            url={`${publicUrl}${href("/blood-donors")}`}
          />
        )}
      </div>
      {refusal && <FormMessage>{refusal}</FormMessage>}

      {open && (
        <section aria-labelledby="matches-heading" className="flex flex-col gap-3">
          <h2 id="matches-heading" className="text-xl font-bold text-brand-900">
            Donors who can give now ({matches.length})
          </h2>
          {matches.length > 0 && (
            // Drawn anew when the number not asked changes, so its default follows.
            <AskByMailForm key={notAsked} notAsked={notAsked} />
          )}
          {matches.length === 0 ? (
            <p className="text-slate-700">
              No available donor of a compatible group has rested long enough. Widen the search by asking in your groups.
            </p>
          ) : (
            <ol className="flex flex-col divide-y divide-brand-100 rounded-xl border border-brand-100 bg-white">
              {matches.map((match, index) => (
                <MatchRow
                  key={match.id}
                  match={match}
                  label={`donor ${index + 1}, ${match.bloodGroup}, ${match.area}`}
                  pageReveal={pageAnswer?.reveal}
                />
              ))}
            </ol>
          )}
        </section>
      )}

      <section aria-labelledby="asked-heading" className="flex flex-col gap-3">
        <h2 id="asked-heading" className="text-xl font-bold text-brand-900">
          Asked so far ({asked.length})
        </h2>
        {asked.length === 0 ? (
          <p className="text-slate-700">No donor has been asked for this request yet.</p>
        ) : (
          <ul className="flex flex-col gap-1 text-slate-900">
            {asked.map((donor, index) => (
              <li key={donor.id}>
                {`Asked donor ${index + 1}: ${donor.bloodGroup}, ${donor.area}, ${donor.askedAtText}`}
                {donor.donated ? " · gave" : donor.answer === "yes" ? " · said yes" : donor.answer === "no" ? " · said no" : ""}
              </li>
            ))}
          </ul>
        )}
      </section>

      {(open || request.status === "expired") && (
        <section aria-labelledby="close-heading" className="flex flex-col gap-3 rounded-xl border border-brand-100 bg-white p-6">
          <h2 id="close-heading" className="text-xl font-bold text-brand-900">
            Close the request
          </h2>
          <CloseForm asked={asked} />
        </section>
      )}
    </main>
  );
}
