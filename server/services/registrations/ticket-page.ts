import type { Locale } from "#core/i18n/locale.ts";
import { ticketPagePath } from "#core/public-pages.ts";
import { qrCodeSvg } from "#server/qr-code.ts";
import type { RegistrationDeps } from "./deps";

/**
 * What a ticket's page in `locale` shows: the event (the announcement's heading as a page in that language draws it),
 * the registrant's name, their place or where they are on the waiting list, the QR code (an SVG of the ticket's English
 * address, which the door reads, drawn on the server) and the short code to read out at the door. Undefined when the
 * token is no ticket: made up or altered, signed for another registration or event, or for a registration that is gone
 * or not yet confirmed. Reads only.
 */
export async function ticket(
  { repos, announcements, tickets, site }: RegistrationDeps,
  token: string,
  locale: Locale = "en",
  now: Date = new Date(),
) {
  const read = tickets.read(token);
  if (!read) return undefined;
  const registration = await repos.registrations.findById(read.registrationId);
  if (!registration || registration.status === "unconfirmed" || !tickets.isTicketOf(read, registration)) return undefined;
  const announcement = await announcements.findForAdmin(registration.announcementId, now, locale);
  if (!announcement) return undefined;
  const { publicUrl } = await site();
  const waiting = registration.status === "waiting";
  return {
    announcement: {
      id: announcement.id,
      heading: announcement.heading,
      event: announcement.event,
      /** Its page is public while it is live; a ticket outlives it. */
      live: announcement.state === "live",
    },
    name: registration.name,
    /** 0 for a place; 1, 2, 3… on the waiting list. */
    waitingPosition: waiting ? await repos.registrations.waitingPosition(registration.announcementId, registration.arrival) : 0,
    shortCode: tickets.shortCode(registration),
    qrSvg: await qrCodeSvg(`${publicUrl}${ticketPagePath(tickets.token(registration))}`),
  };
}

export type TicketPage = NonNullable<Awaited<ReturnType<typeof ticket>>>;
