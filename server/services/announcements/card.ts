/** An announcement as the public pages show it (its card), with the state and the times it is read by. */
import { type AnnouncementState, isShowableLink } from "#core/schemas/announcement.ts";
import { announcementRegisterPath } from "#core/public-pages.ts";
import { type Locale, localizedPath } from "#core/i18n/locale.ts";
import { fill } from "#core/i18n/catalogue.ts";
import { messagesFor } from "#core/i18n/translations.ts";
import { localizedText } from "#core/localized-text.ts";
import { firstLineOf, whatsAppMessage } from "#core/whatsapp.ts";
import type { AnnouncedEvent, Announcement } from "#server/repos/announcements.ts";
import { formatSiteTimeSpan } from "#core/site-time.ts";
import { formatSiteTime } from "#server/site-time.ts";
import { storedImageToResponsive } from "#server/services/image-store.ts";
import { storedImagePreview } from "#server/services/link-previews.ts";
import { linkedText } from "#server/services/linked-text.ts";
import type { ZoneDeps } from "./deps";

/** Whether registering for an announcement that collects registrations has closed at `now` (an ISO time). */
export const registrationClosed = (announcement: Pick<Announcement, "registration">, now: string): boolean =>
  announcement.registration?.closesAt != null && announcement.registration.closesAt <= now;

/** Where an announcement stands at `now` (an ISO time). */
export function announcementState(announcement: Pick<Announcement, "publishAt" | "expiresAt">, now: string): AnnouncementState {
  if (announcement.publishAt === null) return "draft";
  if (announcement.publishAt > now) return "scheduled";
  if (announcement.expiresAt !== null && announcement.expiresAt <= now) return "expired";
  return "live";
}

export const siteTime = ({ siteTimeZone }: ZoneDeps, at: string | null, locale: Locale = "en") =>
  at === null ? null : formatSiteTime(new Date(at), siteTimeZone, locale);

/** An event's times as one line, in the society's time zone and the page's language. */
const eventTimes = ({ siteTimeZone }: ZoneDeps, event: AnnouncedEvent, locale: Locale) =>
  formatSiteTimeSpan(new Date(event.startsAt), event.endsAt === null ? null : new Date(event.endsAt), siteTimeZone, locale);

/**
 * The card's button: the site's registration form in the page's language while it takes registrations (none once
 * closed), else the link.
 */
function buttonOf(announcement: Announcement, now: string, locale: Locale) {
  if (announcement.registration) {
    if (registrationClosed(announcement, now)) return null;
    // DEFAULT_REGISTER_LABEL, in the page's language.
    const label = announcement.linkLabel ?? messagesFor(locale, "registration").register.register;
    return { url: localizedPath(announcementRegisterPath(announcement.id), locale), label, external: false };
  }
  return isShowableLink(announcement.linkUrl)
    ? {
        url: announcement.linkUrl,
        label: announcement.linkLabel ?? messagesFor(locale, "announcements").announcements.linkLabel,
        external: true,
      }
    : null;
}

/**
 * The card as the public page in `locale` draws it at `now` (an ISO time): in Urdu, the title and the description the
 * admin wrote in Urdu, each where there is one (the English one otherwise), and the site's own words (the title of
 * one without a title, its image's description) in Urdu.
 */
export function toCard(deps: ZoneDeps, announcement: Announcement, now: string, locale: Locale = "en") {
  const words = messagesFor(locale, "announcements").announcements;
  const heading = localizedText(locale, announcement.title, announcement.titleUr) ?? words.untitled;
  const description = localizedText(locale, announcement.description, announcement.descriptionUr);
  const imageAlt = fill(words.imageOf, { title: heading });
  return {
    id: announcement.id,
    heading,
    description: linkedText(description),
    /** The message Share on WhatsApp writes of it (its page's link is added where it is shared). */
    whatsAppMessage: whatsAppMessage({
      title: heading,
      when: announcement.event && eventTimes(deps, announcement.event, locale),
      where: announcement.event?.location,
      line: firstLineOf(description),
    }),
    link: buttonOf(announcement, now, locale),
    /** It collected registrations on the site, and registering has closed. */
    registrationClosed: announcement.registration !== null && registrationClosed(announcement, now),
    image: announcement.image && storedImageToResponsive(announcement.image, imageAlt),
    /** What a shared link to it shows (its page's og:image, the feed's enclosure). */
    preview: announcement.image && storedImagePreview(announcement.image, imageAlt),
    pinned: announcement.pinned,
    publishedAt: announcement.publishAt,
    /** When it went live, as the society reads it ("1 December 2026 at 18:30"). */
    publishedText: siteTime(deps, announcement.publishAt, locale),
    event: announcement.event && {
      startsAt: announcement.event.startsAt,
      /** "1 December 2026 at 18:00 to 20:00", in the society's time zone. */
      when: eventTimes(deps, announcement.event, locale),
      location: announcement.event.location,
    },
  };
}
export type PublicAnnouncement = ReturnType<typeof toCard>;
