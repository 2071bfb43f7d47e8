import type { Locale } from "./i18n/locale";

const MONTHS: Record<Locale, readonly string[]> = {
  en: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  ur: ["جنوری", "فروری", "مارچ", "اپریل", "مئی", "جون", "جولائی", "اگست", "ستمبر", "اکتوبر", "نومبر", "دسمبر"],
};

/**
 * A calendar day as stored (YYYY-MM-DD) the way a reader says it: "12 March 2026", in Urdu "12 مارچ 2026". Written out
 * by hand, not with Intl, so the server's page and the browser's hydration always agree.
 */
export function formatCalendarDay(day: string, locale: Locale = "en"): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const month = match ? MONTHS[locale][Number(match[2]) - 1] : undefined;
  if (!match || !month) return day;
  return `${Number(match[3])} ${month} ${match[1]}`;
}

/** A date and time as a browser's `datetime-local` field sends it ("2026-12-01T18:30"), read in the site's time zone. */
export const WALL_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/;

/** A wall time as a `datetime-local` field holds it ("2026-12-01T18:30"), said as the site says times: "1 December 2026 at 18:30". */
export function formatWallTime(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value);
  return match ? `${formatCalendarDay(match[1]!)} at ${match[2]!}` : value;
}

/**
 * An event's start and end as one line, each written "1 December 2026 at 18:00": the end's day is left out when it is
 * the start's ("… at 18:00 to 20:00"). No end: the start alone.
 */
export function timeSpanText(start: string, end: string | null | undefined): string {
  if (!end) return start;
  const [startDay] = start.split(" at ");
  const [endDay, endTime] = end.split(" at ");
  return `${start} to ${endDay === startDay ? endTime : end}`;
}
