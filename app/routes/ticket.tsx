import { useEffect } from "react";
import { data, Link } from "react-router";
import { fill } from "#core/i18n/catalogue.ts";
import { localizedPath } from "#core/i18n/locale.ts";
import { registrationEn } from "#core/i18n/registration/en.ts";
import { announcementPagePath } from "#core/public-pages.ts";
import { EventDetails } from "#app/components/site/announced-event.tsx";
import { NarrowPage } from "#app/components/site/narrow-page.tsx";
import { requestLocale, useBook, useLocale } from "#app/lib/i18n.ts";
import { bookOf, unlistedPageMeta, personalPageHeaders } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/ticket";
import { servicesContext } from "#app/context.ts";

/**
 * GET /ticket?token=… (or /ur/ticket, as an Urdu registration's mails and confirmation link it), the page a
 * registrant's ticket link and its QR code open: the event, their name, their place or waiting-list number, the QR code
 * to show at the door and the short code to read out. 404 for a token that is no ticket (made up, altered, or the
 * registration is gone).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const ticket = await context.get(servicesContext).registrations.ticket(token, requestLocale(request));
  if (!ticket) return data({ ticket: null }, { status: 404 });
  return { ticket };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { ticket } = bookOf(matches, "registration", registrationEn);
  const heading = loaderData?.ticket?.announcement.heading;
  return unlistedPageMeta(heading ? fill(ticket.title, { heading }) : ticket.notFoundTitle);
}

export const headers = personalPageHeaders;

/**
 * The ticket page's service worker (public/ticket-sw.js): a ticket opened once opens again with no network. One script,
 * registered for each language's page (its scope: the page's path, /ticket or /ur/ticket).
 */
const TICKET_WORKER = "/ticket-sw.js";

/** The worker once it is active; undefined if it is not going to be (it failed to install). */
function activated(worker: ServiceWorker | null): Promise<ServiceWorker | undefined> {
  return new Promise((resolve) => {
    if (!worker) return resolve(undefined);
    const check = () => {
      if (worker.state === "activated") resolve(worker);
      if (worker.state === "redundant") resolve(undefined);
    };
    worker.addEventListener("statechange", check);
    check();
  });
}

/**
 * Registers the ticket page's worker once the page has loaded, and hands it this page and the files it loaded (they
 * came before the worker ran) to keep.
 */
function useTicketKeptOffline(): void {
  const scope = localizedPath("/ticket", useLocale());
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    const keep = async () => {
      const registration = await navigator.serviceWorker.register(TICKET_WORKER, { scope });
      // Not `serviceWorker.ready`: a page reached from another within the site was not opened in the worker's scope.
      const worker = registration.active ?? (await activated(registration.installing ?? registration.waiting));
      const loaded = performance.getEntriesByType("resource").map((entry) => entry.name);
      worker?.postMessage({ keep: [location.href, ...loaded] });
    };
    const start = () => void keep().catch(() => undefined);
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => window.removeEventListener("load", start);
  }, [scope]);
}

export default function TicketPage({ loaderData: { ticket } }: Route.ComponentProps) {
  useTicketKeptOffline();
  const words = useBook("registration", registrationEn).ticket;
  const locale = useLocale();
  if (!ticket) return <NarrowPage title={words.notFoundTitle} text={words.notFound} />;
  const { announcement, name, waitingPosition, shortCode, qrSvg } = ticket;
  return (
    <main className="mx-auto flex max-w-md flex-col gap-5 px-4 py-8">
      <h1 className="text-3xl font-extrabold text-brand-900">{words.heading}</h1>
      <section aria-labelledby="ticket-event" className="flex flex-col gap-4 rounded-lg border border-slate-300 bg-white p-5 shadow-sm">
        <h2 id="ticket-event" className="text-xl font-bold break-words text-slate-900">
          {announcement.live ? (
            <Link to={localizedPath(announcementPagePath(announcement.id), locale)} className="underline-offset-4 hover:underline">
              {announcement.heading}
            </Link>
          ) : (
            announcement.heading
          )}
        </h2>
        {announcement.event && <EventDetails event={announcement.event} />}
        <p className="text-lg font-semibold break-words text-slate-900" data-testid="ticket-name">
          {name}
        </p>
        <p className={waitingPosition ? "font-semibold text-amber-800" : "font-semibold text-green-800"} data-testid="ticket-state">
          {waitingPosition ? fill(words.waiting, { position: waitingPosition }) : words.registered}
        </p>
        {/* Drawn on the server from the ticket's English address, which the door reads: no script, no other host. */}
        <div
          role="img"
          aria-label={words.qrCode}
          className="mx-auto aspect-square w-full max-w-64 bg-white"
          dangerouslySetInnerHTML={{ __html: qrSvg }}
        />
        <p className="text-center text-slate-800">
          {words.code}{" "}
          <span className="font-mono text-2xl font-bold tracking-widest text-slate-900" data-testid="ticket-code">
            {shortCode}
          </span>
        </p>
        <p className="text-sm text-slate-700">{words.atTheDoor}</p>
      </section>
    </main>
  );
}
