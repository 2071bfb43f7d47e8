import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { formatCalendarDay } from "#core/calendar-day.ts";
import { errorMessage } from "#core/errors.ts";
import { BLOOD_DONOR_MESSAGES, INTERVAL_GUIDANCE, NO_MONEY_FOR_BLOOD } from "#core/messages/blood.ts";
import { donorUpdateSchema } from "#core/schemas/blood-donor.ts";
import { DonorDetailsForm } from "#app/components/blood/donor-details-form.tsx";
import { DonorLinkRequestForm } from "#app/components/blood/donor-link-request-form.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { NarrowPage } from "#app/components/site/narrow-page.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { SubmitButton } from "#app/components/ui/submit-button.tsx";
import { readForm } from "#app/lib/forms.server.ts";
import { unlistedPageMeta, personalPageHeaders } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/blood-donor-link";
import { requestContext, servicesContext } from "#app/context.ts";

/**
 * GET /blood-donors/me?token=…, the page a donor's personal link opens: their own details, and nobody else's. Opening
 * it changes nothing (a mail scanner that follows the link confirms nothing). 404 for a link that does not work.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  // Where withdrawing leads (303), so a reload cannot post it again.
  if (query.has("withdrawn")) return { donor: null, token: "", withdrawn: true };
  const token = query.get("token") ?? "";
  const donor = await context.get(servicesContext).bloodDonors.page(token);
  if (!donor) return data({ donor: null, token: "", withdrawn: false }, { status: 404 });
  return { donor, token, withdrawn: false };
}

const TITLE = "Your blood-donor details";

export const meta = () => unlistedPageMeta(TITLE);

export const headers = personalPageHeaders;

/** The answer to a post whose link no longer works. */
const linkGone = () => data({ ok: false, intent: "gone" as const, message: BLOOD_DONOR_MESSAGES.linkGone }, { status: 404 });

/**
 * POST /blood-donors/me, with or without JavaScript, carrying the link's token: `confirm` (join the registry, or say
 * again that they are still willing), `update` (their details) or `withdraw` (erases them, then leads to the page that
 * says so).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const token = String(form.get("token") ?? "");
  const donors = context.get(servicesContext).bloodDonors;
  const intent = form.get("intent");
  try {
    if (intent === "confirm") {
      if (!(await donors.confirm(token))) return linkGone();
      return { ok: true, intent: "confirm" as const, message: BLOOD_DONOR_MESSAGES.confirmed };
    }
    if (intent === "withdraw") {
      if (!(await donors.withdraw(token))) return linkGone();
      return redirect(`${href("/blood-donors/me")}?withdrawn`, 303);
    }
    const submission = parseWithZod(form, { schema: donorUpdateSchema(donors.today(new Date())) });
    if (submission.status !== "success") return data({ ok: false, intent: "update" as const, result: submission.reply() }, { status: 400 });
    if (!(await donors.update(token, submission.value))) return linkGone();
    return { ok: true, intent: "update" as const, result: submission.reply(), message: BLOOD_DONOR_MESSAGES.saved };
  } catch (error) {
    context.get(requestContext).logger.error({ err: errorMessage(error) }, "donor's change not stored");
    return data({ ok: false, intent: "failed" as const, message: BLOOD_DONOR_MESSAGES.failure }, { status: 500 });
  }
}

export default function BloodDonorLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const message = actionData && "message" in actionData && typeof actionData.message === "string" ? actionData.message : undefined;
  const answered = actionData && "intent" in actionData ? actionData.intent : undefined;

  if (loaderData.withdrawn) {
    return (
      <NarrowPage title={TITLE}>
        <FormMessage tone="success">{BLOOD_DONOR_MESSAGES.withdrawn}</FormMessage>
        <Button asChild variant="outline" className="self-start">
          <Link to={href("/")}>Home</Link>
        </Button>
      </NarrowPage>
    );
  }
  const { donor, token } = loaderData;
  if (!donor || answered === "gone") {
    return (
      <NarrowPage title={TITLE}>
        <FormMessage tone="notice">{BLOOD_DONOR_MESSAGES.linkGone}</FormMessage>
        <h2 id="donor-link-heading" className="text-xl font-bold text-brand-900">
          Get a new link
        </h2>
        <DonorLinkRequestForm action={href("/blood-donors")} />
      </NarrowPage>
    );
  }
  const failed = answered === "failed" ? message : undefined;
  return (
    <NarrowPage title={TITLE}>
      {failed && <FormMessage>{failed}</FormMessage>}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-900">
        <dt className="font-semibold">Name</dt>
        <dd>{donor.name}</dd>
        <dt className="font-semibold">Blood group</dt>
        <dd>{donor.bloodGroup}</dd>
        <dt className="font-semibold">Interval</dt>
        <dd>
          Every {donor.intervalDays} days. {INTERVAL_GUIDANCE}
        </dd>
        {donor.nextDonation && (
          <>
            <dt className="font-semibold">Next donation</dt>
            <dd>From {formatCalendarDay(donor.nextDonation)}: until then, no coordinator asks you.</dd>
          </>
        )}
      </dl>

      {!donor.confirmed ? (
        <Form method="post" className="flex flex-col gap-4" aria-label="Confirm you are a donor">
          <p className="text-slate-800">Press Confirm to join the registry. Until you do, no coordinator sees your details.</p>
          <input type="hidden" name="token" value={token} />
          <SubmitButton name="intent" value="confirm" busy={busy("confirm")}>
            Confirm
          </SubmitButton>
        </Form>
      ) : (
        <>
          {answered === "confirm" && <FormMessage tone="success">{message}</FormMessage>}
          <section className="flex flex-col gap-4">
            <h2 id="donor-details-heading" className="text-xl font-bold text-brand-900">
              Your availability and details
            </h2>
            <DonorDetailsForm
              token={token}
              donor={donor}
              lastResult={answered === "update" && actionData && "result" in actionData ? actionData.result : undefined}
              saved={answered === "update" && actionData?.ok ? message : undefined}
            />
          </section>
          <Form method="post" className="flex flex-col gap-2" aria-label="Still willing">
            <p className="text-slate-800">Every 6 months we ask whether you are still willing. You can say so now.</p>
            <input type="hidden" name="token" value={token} />
            <SubmitButton name="intent" value="confirm" variant="outline" busy={busy("confirm")}>
              Yes, I am still willing
            </SubmitButton>
          </Form>
        </>
      )}

      <details className="rounded-md border border-slate-300 p-4">
        <summary className="cursor-pointer font-semibold text-slate-900">Withdraw from the registry</summary>
        <Form method="post" className="mt-3 flex flex-col gap-3">
          <p className="text-slate-800">This erases everything we hold about you as a donor, at once. You can join again at any time.</p>
          <input type="hidden" name="token" value={token} />
          <SubmitButton name="intent" value="withdraw" variant="danger" busy={busy("withdraw")}>
            Withdraw and erase my details
          </SubmitButton>
        </Form>
      </details>
      <p className="text-sm text-slate-700">{NO_MONEY_FOR_BLOOD}</p>
    </NarrowPage>
  );
}
