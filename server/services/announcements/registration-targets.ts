import type { Locale } from "#core/i18n/locale.ts";
import { isRecordId } from "#server/db/ids.ts";
import { announcementsRepo } from "#server/repos/announcements.ts";
import type { Repos } from "#server/repos/index.ts";
import { eventCalendar } from "#server/services/event-calendar.ts";
import type { ReadDeps } from "./deps";
import { announcementState, registrationClosed, siteTime, toCard } from "./card";
import { liveById } from "./public-reads";

/**
 * A live announcement that collects registrations on the site: its card, how it takes them, whether registering
 * has closed, and its event's calendar file (null: no event), made only when a mail asks for it; `inLocale` gives the
 * card and the calendar file as a page in another language draws them (the committee's Urdu title where written, the
 * link to the page in that language).
 * Undefined for any other. Read through `from` when it must join a transaction (one that holds the announcement's lock).
 */
export async function registrationTarget(deps: ReadDeps, id: string, now: Date = new Date(), from?: Pick<Repos, "announcements">) {
  const at = now.toISOString();
  const announcement = await liveById(deps, id, at, from);
  if (!announcement?.registration) return undefined;
  const { event, registration } = announcement;
  const inLocale = (locale: Locale) => {
    const card = toCard(deps, announcement, at, locale);
    return {
      card,
      calendar: (site: { siteName: string; publicUrl: string }) => (event ? eventCalendar(card, event, site, locale) : null),
    };
  };
  return {
    ...inLocale("en"),
    inLocale,
    settings: registration,
    closed: registrationClosed(announcement, at),
  };
}

/**
 * Any announcement as the admin's registrations page names it (draft, expired and all), or a ticket's page in `locale`
 * (the committee's Urdu title where written); undefined when there is none.
 */
export async function findForAdmin(deps: ReadDeps, id: string, now: Date = new Date(), locale: Locale = "en") {
  if (!isRecordId(id)) return undefined;
  const announcement = await announcementsRepo(deps.db).findById(id);
  if (!announcement) return undefined;
  const at = now.toISOString();
  return {
    ...toCard(deps, announcement, at, locale),
    state: announcementState(announcement, at),
    registration: announcement.registration && {
      ...announcement.registration,
      closesAtText: siteTime(deps, announcement.registration.closesAt, locale),
    },
  };
}

/** An announcement that takes registrations, as registering and the registration mails read it. */
export type RegistrationTarget = NonNullable<Awaited<ReturnType<typeof registrationTarget>>>;
