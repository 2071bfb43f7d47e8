import { timeSpanText } from "./calendar-day";
import type { Locale } from "./i18n/locale";

/** Times as the society reads them, in its time zone: the server's pages and mails, and a door phone offline alike. */

/** Each language's way of writing a time: "23 November 2026 at 15:04", "23 نومبر، 2026 کو 15:04" (24-hour both). */
const INTL_LOCALES: Record<Locale, string> = { en: "en-GB", ur: "ur-PK" };

// Building an Intl.DateTimeFormat costs about 100 times (~0.2 ms) more than formatting with one, so each is built once
// per zone and language (a process has one zone).
const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string, locale: Locale): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALES[locale], { timeZone, dateStyle: "long", timeStyle: "short", hourCycle: "h23" });
    formats.set(key, format);
  }
  return format;
}

/** "23 November 2026 at 15:04" in `timeZone`, in `locale`'s words (English unless given). */
export function formatSiteTime(at: Date, timeZone: string, locale: Locale = "en"): string {
  return formatIn(timeZone, locale).format(at);
}

/**
 * A span of time as one line in `timeZone`: "1 December 2026 at 18:00 to 20:00" (the end's day left out when it is the
 * start's), in Urdu as Urdu writes a range; no end, the start alone.
 */
export function formatSiteTimeSpan(start: Date, end: Date | null, timeZone: string, locale: Locale = "en"): string {
  if (!end) return formatSiteTime(start, timeZone, locale);
  if (locale !== "en") return formatIn(timeZone, locale).formatRange(start, end);
  return timeSpanText(formatSiteTime(start, timeZone), formatSiteTime(end, timeZone));
}
