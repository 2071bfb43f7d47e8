import { parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2, CircleAlert, CircleX, ScanLine, Search } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { data, Form, href, useFetcher } from "react-router";
import { ticketTokenIn } from "#core/public-pages.ts";
import { readySound, signalOutcome } from "#app/components/admin/check-in/outcome-signal.ts";
import { NOT_FOUND } from "#core/messages/common.ts";
import { CHECK_IN_MESSAGES } from "#core/messages/registration.ts";
import { checkInActionSchema } from "#core/schemas/registration.ts";
import { BackButton } from "#app/components/site/back-button.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { FormMessage, inputClass } from "#app/components/ui/field.tsx";
import { readForm } from "#app/lib/forms.server.ts";
import type { CheckInResult, DoorEntry } from "#server/services/registrations.ts";
import type { Route } from "./+types/check-in";
import { adminContext, servicesContext } from "#app/context.ts";

/** /admin/announcements/<id>/check-in?q=…: the door. How many are checked in, and a search by name or ticket code. */
/** The camera and its decoder: loaded only once Scan tickets is pressed. */
const TicketScanner = lazy(() => import("#app/components/admin/check-in/ticket-scanner.tsx"));

/** How long a code held in front of the camera counts as the same scan. */
const SAME_TICKET_MS = 3000;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams.get("q") ?? "";
  const door = await context.get(servicesContext).registrations.door(params.id, query);
  if (!door) throw data(NOT_FOUND, { status: 404 });
  return { ...door, query };
}

/**
 * `check-in`: a person picked from the search, or `scan`: a ticket's token the camera read (the answer says what came of
 * it, shown on the page with or without JavaScript); `undo`: their check-in, audited.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: checkInActionSchema });
  const answer = (status: number, checkIn: CheckInResult | null, refusal?: string) =>
    data({ ok: status < 400, result: submission.reply(refusal ? { formErrors: [refusal] } : {}), checkIn }, { status });
  if (submission.status !== "success") return answer(400, null);
  const { admin } = context.get(adminContext);
  const registrations = context.get(servicesContext).registrations;
  const asked = submission.value;
  if (asked.intent === "undo") {
    const undone = await registrations.undoCheckIn(params.id, asked.registrationId, admin.id);
    return undone ? answer(200, null) : answer(409, null, CHECK_IN_MESSAGES.notCheckedIn);
  }
  const target = asked.intent === "scan" ? { token: asked.token } : { registrationId: asked.registrationId };
  const checkIn = await registrations.checkIn(params.id, target, admin.name ?? admin.email);
  return answer(checkIn.outcome === "not-for-event" ? 404 : 200, checkIn);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Check in: ${loaderData?.announcement.heading ?? ""}` }, { name: "robots", content: "noindex, nofollow" }];
}

/** Each outcome's colour, icon and words: told apart at a glance, and not by colour alone. */
function outcomeOf(result: CheckInResult) {
  switch (result.outcome) {
    case "checked-in":
      return { tone: "border-green-700 bg-green-50 text-green-900", Icon: CheckCircle2, text: CHECK_IN_MESSAGES.checkedIn(result.name) };
    case "already":
      return {
        tone: "border-amber-600 bg-amber-50 text-amber-900",
        Icon: CircleAlert,
        text: CHECK_IN_MESSAGES.already(result.name, result.by, result.atText),
      };
    case "waiting":
      return {
        tone: "border-red-700 bg-red-50 text-red-900",
        Icon: CircleX,
        text: CHECK_IN_MESSAGES.waiting(result.name, result.position),
      };
    case "not-for-event":
      return { tone: "border-red-700 bg-red-50 text-red-900", Icon: CircleX, text: CHECK_IN_MESSAGES.notForEvent };
  }
}

function CheckInOutcome({ result }: { result: CheckInResult }) {
  const { tone, Icon, text } = outcomeOf(result);
  return (
    <p
      role="status"
      data-outcome={result.outcome}
      className={`mt-6 flex items-center gap-3 rounded-xl border-2 p-4 text-xl font-bold ${tone}`}
    >
      <Icon className="size-8 shrink-0" aria-hidden />
      {text}
    </p>
  );
}

/** One fetcher for every check-in of the screen (picked, scanned, undone): its answer is the latest outcome. */
const CHECK_IN_FETCHER = "check-in";

function PersonAtTheDoor({ person }: { person: DoorEntry }) {
  const fetcher = useFetcher<typeof action>({ key: CHECK_IN_FETCHER });
  const sending = fetcher.formData?.get("registrationId") === person.id;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="min-w-0">
        <p className="text-lg font-bold break-words text-slate-900">{person.name}</p>
        <p className="text-slate-700">
          <span className="font-mono">{person.shortCode}</span>
          {person.status === "waiting" && " · Waiting list"}
          {person.checkedIn && ` · Checked in ${person.checkedIn.atText} by ${person.checkedIn.by}`}
        </p>
      </div>
      <fetcher.Form method="post">
        <input type="hidden" name="registrationId" value={person.id} />
        {person.checkedIn ? (
          <Button type="submit" name="intent" value="undo" variant="outline" disabled={sending}>
            Undo check-in<span className="sr-only"> of {person.name}</span>
          </Button>
        ) : (
          <Button type="submit" name="intent" value="check-in" disabled={sending}>
            Check in<span className="sr-only"> {person.name}</span>
          </Button>
        )}
      </fetcher.Form>
    </li>
  );
}

/**
 * The check-in screen of one announcement: the count of those checked in, a search by name or ticket code, and each
 * person found with Check in (or Undo). What a check-in came to shows large, in its colour, icon and words.
 */
export default function CheckIn({ loaderData, actionData }: Route.ComponentProps) {
  const { announcement, counts, found, query } = loaderData;
  const registrationsPage = href("/admin/announcements/:id/registrations", { id: encodeURIComponent(announcement.id) });
  const fetcher = useFetcher<typeof action>({ key: CHECK_IN_FETCHER });
  // Without JavaScript a check-in is a page's post (actionData); with it, the fetcher's, or a code read as no ticket here.
  const [unreadable, setUnreadable] = useState<{ at: number } | null>(null);
  const answer = fetcher.data ?? actionData;
  const [scanning, setScanning] = useState(false);
  const lastScan = useRef({ text: "", at: 0 });
  const shown = unreadable ? ({ outcome: "not-for-event" } as const) : answer?.checkIn;
  const refused = shown ? undefined : answer?.result.error?.[""]?.[0];

  useEffect(() => {
    if (fetcher.data?.checkIn) signalOutcome(fetcher.data.checkIn.outcome);
  }, [fetcher.data]);

  /** A code the camera read: the same one again within a few seconds is the same ticket still held up. */
  function scanned(text: string) {
    const now = Date.now();
    if (text === lastScan.current.text && now - lastScan.current.at < SAME_TICKET_MS) return;
    lastScan.current = { text, at: now };
    const token = ticketTokenIn(text);
    if (!token) {
      setUnreadable({ at: now });
      signalOutcome("not-for-event");
      return;
    }
    setUnreadable(null);
    void fetcher.submit({ intent: "scan", token }, { method: "post" });
  }
  return (
    <main className="mx-auto max-w-2xl px-4 py-8">
      <BackButton fallback={registrationsPage} />
      <h1 className="mt-6 text-3xl font-extrabold break-words text-brand-900">Check in: {announcement.heading}</h1>
      <p className="mt-2 text-lg text-slate-800" data-testid="check-in-counts">
        {`${counts.checkedIn} of ${counts.registered} checked in.`}
      </p>
      {shown && <CheckInOutcome result={shown} />}
      {refused && <FormMessage>{refused}</FormMessage>}
      <div className="mt-6">
        <Button
          type="button"
          variant={scanning ? "outline" : "primary"}
          aria-pressed={scanning}
          onClick={() => {
            readySound();
            setScanning(!scanning);
          }}
        >
          <ScanLine className="size-4" aria-hidden />
          {scanning ? "Stop scanning" : "Scan tickets"}
        </Button>
        {scanning && (
          <>
            <p className="mt-2 text-sm text-slate-700">{CHECK_IN_MESSAGES.scanHelp}</p>
            <Suspense fallback={<p className="mt-4 text-slate-700">Starting the camera…</p>}>
              <TicketScanner onScan={scanned} />
            </Suspense>
          </>
        )}
      </div>
      <Form method="get" role="search" aria-label="Find a ticket" className="mt-6 flex flex-col gap-2">
        <label htmlFor="door-search" className="font-semibold text-slate-900">
          Name or ticket code
        </label>
        <div className="flex gap-2">
          <input
            id="door-search"
            name="q"
            type="search"
            defaultValue={query}
            autoComplete="off"
            aria-describedby="door-search-help"
            className={`${inputClass} min-w-0 flex-1`}
          />
          <Button type="submit">
            <Search className="size-4" aria-hidden />
            Search
          </Button>
        </div>
        <p id="door-search-help" className="text-sm text-slate-700">
          {CHECK_IN_MESSAGES.searchHelp}
        </p>
      </Form>
      {query.trim() !== "" &&
        (found.length === 0 ? (
          <p className="mt-6 text-slate-800">{CHECK_IN_MESSAGES.noMatch(query.trim())}</p>
        ) : (
          <ul aria-label="Found" className="mt-6 flex flex-col gap-3">
            {found.map((person) => (
              <PersonAtTheDoor key={person.id} person={person} />
            ))}
          </ul>
        ))}
    </main>
  );
}
