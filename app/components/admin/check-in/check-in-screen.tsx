import { ScanLine, Search } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Form, useFetcher, useRevalidator, useSearchParams } from "react-router";
import { CHECK_IN_MESSAGES } from "#core/messages/check-in.ts";
import { ticketTokenIn } from "#core/tickets.ts";
import { readySound, signalOutcome } from "#app/components/admin/check-in/outcome-signal.ts";
import { Button } from "#app/components/ui/button.tsx";
import { FormMessage, inputClass } from "#app/components/ui/field.tsx";
import { searchOffline } from "#app/components/admin/check-in/offline-door.ts";
import { formatSiteTime } from "#core/site-time.ts";
import { useOfflineDoor } from "#app/components/admin/check-in/use-offline-door.ts";
import type { DoorEntry } from "#server/services/registrations.ts";
import type { CheckInAnswer } from "#app/components/admin/check-in/check-in-answer.ts";
import { CheckInOutcome, checkedInText } from "#app/components/admin/check-in/check-in-outcome.tsx";
import { WalkInForm } from "#app/components/admin/check-in/walk-in-form.tsx";

/** The camera and its decoder: loaded only once Scan tickets is pressed. */
const TicketScanner = lazy(() => import("#app/components/admin/check-in/ticket-scanner.tsx"));

/** User Timing names: a ticket's code read by the camera, and the time from then to its outcome shown. */
const TICKET_READ = "ticket-read";
const TICKET_READ_TO_OUTCOME = "ticket-read-to-outcome";

/** How long a code held in front of the camera counts as the same scan. */
const SAME_TICKET_MS = 3000;

/** Whether the phone is ready to check tickets with no connection, and how many check-ins made so wait to be sent. */
function OfflineState({ kept, savedAt, unsent }: { kept: number | null; savedAt: string | undefined; unsent: number }) {
  if (kept === null && unsent === 0) return null;
  return (
    <div className="mt-2 text-sm text-slate-700" data-testid="offline-state">
      {kept !== null && savedAt && <p>{CHECK_IN_MESSAGES.listKept(kept, savedAt)}</p>}
      {unsent > 0 && <p className="font-semibold text-amber-900">{CHECK_IN_MESSAGES.unsent(unsent)}</p>}
    </div>
  );
}

/** One fetcher for every check-in of the screen (picked, scanned, undone): its answer is the latest outcome. */
const CHECK_IN_FETCHER = "check-in";

function PersonAtTheDoor({ person, mayUndo, door }: { person: DoorEntry; mayUndo: boolean; door: string }) {
  const fetcher = useFetcher<CheckInAnswer>({ key: CHECK_IN_FETCHER });
  const sending = fetcher.formData?.get("registrationId") === person.id;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="min-w-0">
        <p className="text-lg font-bold break-words text-slate-900">{person.name}</p>
        <p className="text-slate-700">
          <span className="font-mono">{person.shortCode}</span>
          {person.status === "waiting" && " · Waiting list"}
          {person.checkedIn && ` · ${checkedInText(person.checkedIn)}`}
        </p>
      </div>
      <fetcher.Form method="post">
        <input type="hidden" name="registrationId" value={person.id} />
        <input type="hidden" name="door" value={door} />
        {person.checkedIn ? (
          mayUndo && (
            <Button type="submit" name="intent" value="undo" variant="outline" disabled={sending}>
              Undo check-in<span className="sr-only"> of {person.name}</span>
            </Button>
          )
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
 * The check-in screen of one announcement, for an admin or a door link's volunteer: the count of those checked in, Scan
 * tickets (the camera), a search by name or ticket code, and each person found with Check in (and, for admins, Undo).
 * What a check-in came to shows large, in its colour, icon and words, with a tone and a vibration. `answer`: a post
 * made without JavaScript.
 */
export function CheckInScreen({
  announcementId,
  listUrl,
  heading,
  counts: countedOnline,
  found: foundOnline,
  more: moreOnline,
  query,
  answer: posted,
  mayUndo,
  back,
}: {
  announcementId: string;
  /** Where the phone gets the list it keeps, to check tickets with no connection. */
  listUrl: string;
  heading: string;
  counts: { registered: number; checkedIn: number };
  found: DoorEntry[];
  /** How many more the search matched than it lists. */
  more: number;
  query: string;
  answer: CheckInAnswer | undefined;
  mayUndo: boolean;
  back?: ReactNode;
}) {
  const fetcher = useFetcher<CheckInAnswer>({ key: CHECK_IN_FETCHER });
  const [searchParams] = useSearchParams();
  // Without JavaScript a check-in is a page's post; with it, the fetcher's, or a code the camera read that is no ticket
  // at all (shown until the fetcher's next answer, whichever came last).
  const [unreadable, setUnreadable] = useState<{ before: CheckInAnswer | undefined } | null>(null);
  const answer = fetcher.data ?? posted;
  const [scanning, setScanning] = useState(false);
  const lastScan = useRef({ text: "", at: 0 });
  const scanAnswerPending = useRef(false);
  const revalidator = useRevalidator();
  const shown = unreadable && unreadable.before === fetcher.data ? ({ outcome: "not-for-event" } as const) : answer?.checkIn;
  const refused = shown ? undefined : answer?.result.error?.[""]?.[0];
  const { kept, unsent, offline } = useOfflineDoor(announcementId, listUrl, fetcher.data);
  // With no connection, a search reads the list kept on the phone.
  const [offlineQuery, setOfflineQuery] = useState<string | null>(null);
  const local = offline && kept ? searchOffline(kept, offlineQuery ?? query) : undefined;
  const { counts, found, more } = local ?? { counts: countedOnline, found: foundOnline, more: moreOnline };
  const searched = local && offlineQuery !== null ? offlineQuery : query;

  // How long from a ticket read to its outcome on screen, measured as the outcome is put on the page, before it is
  // painted (the browser's User Timing: tests and devtools read it).
  useLayoutEffect(() => {
    if (fetcher.data?.checkIn && performance.getEntriesByName(TICKET_READ).length > 0) {
      performance.measure(TICKET_READ_TO_OUTCOME, TICKET_READ);
      performance.clearMarks(TICKET_READ);
    }
  }, [fetcher.data]);

  useEffect(() => {
    if (!fetcher.data?.checkIn) return;
    signalOutcome(fetcher.data.checkIn.outcome);
    if (scanAnswerPending.current && !fetcher.data.offline) void revalidator.revalidate();
    scanAnswerPending.current = false;
  }, [fetcher.data, revalidator]);

  /** A code the camera read: the same one again within a few seconds is the same ticket still held up. */
  function scanned(text: string) {
    const now = Date.now();
    if (text === lastScan.current.text && now - lastScan.current.at < SAME_TICKET_MS) return;
    lastScan.current = { text, at: now };
    performance.clearMarks(TICKET_READ);
    performance.mark(TICKET_READ);
    const token = ticketTokenIn(text);
    if (!token) {
      setUnreadable({ before: fetcher.data });
      signalOutcome("not-for-event");
      return;
    }
    // Not reloading the page's data before its answer shows (React Router would hold the answer until that is done):
    // the counts are read again once the outcome is on the screen.
    scanAnswerPending.current = true;
    void fetcher.submit({ intent: "scan", token, door: announcementId }, { method: "post", defaultShouldRevalidate: false });
  }
  return (
    <main className="mx-auto max-w-2xl px-4 py-8">
      {back}
      <h1 className="mt-6 text-3xl font-extrabold break-words text-brand-900">Check in: {heading}</h1>
      <p className="mt-2 text-lg text-slate-800" data-testid="check-in-counts">
        {`${counts.checkedIn} of ${counts.registered} checked in.`}
      </p>
      <OfflineState
        kept={kept?.entries.length ?? null}
        savedAt={kept && formatSiteTime(new Date(kept.savedAt), kept.timeZone)}
        unsent={unsent}
      />
      {shown && <CheckInOutcome result={shown} offline={answer?.offline} />}
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
      <Form
        method="get"
        role="search"
        aria-label="Find a ticket"
        className="mt-6 flex flex-col gap-2"
        onSubmit={(event) => {
          if (!local) return;
          event.preventDefault();
          setOfflineQuery(String(new FormData(event.currentTarget).get("q") ?? ""));
        }}
      >
        {/* What else the address says (a door link's token) stays in it. */}
        {[...searchParams].map(([name, value]) => name !== "q" && <input key={name} type="hidden" name={name} value={value} />)}
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
          {local ? CHECK_IN_MESSAGES.offlineSearch : CHECK_IN_MESSAGES.searchHelp}
        </p>
      </Form>
      <WalkInForm />
      {searched.trim() !== "" &&
        (found.length === 0 ? (
          <p className="mt-6 text-slate-800">{CHECK_IN_MESSAGES.noMatch(searched.trim())}</p>
        ) : (
          <>
            <ul aria-label="Found" className="mt-6 flex flex-col gap-3">
              {found.map((person) => (
                <PersonAtTheDoor key={person.id} person={person} mayUndo={mayUndo && !local} door={announcementId} />
              ))}
            </ul>
            {more > 0 && <p className="mt-3 text-slate-800">{CHECK_IN_MESSAGES.more(more)}</p>}
          </>
        ))}
    </main>
  );
}
