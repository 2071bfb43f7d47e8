/**
 * Times as the society reads them: in its own time zone (SITE_TIMEZONE), whatever the server's clock zone is.
 */

export { formatSiteTime, formatSiteTimeSpan } from "#core/site-time.ts";

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** "23 November 2026" in `timeZone`. */
export function formatSiteDate(at: Date, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", { timeZone, dateStyle: "long" });
    dateFormats.set(timeZone, format);
  }
  return format.format(at);
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  let wallClock = wallClocks.get(timeZone);
  if (!wallClock) {
    const numeric = "numeric" as const;
    wallClock = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      ...{ year: numeric, month: numeric, day: numeric, hour: numeric, minute: numeric, second: numeric },
    });
    wallClocks.set(timeZone, wallClock);
  }
  const parts = wallClock.formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return wall - (instant - (instant % 1000));
}

/**
 * The instant a calendar day (YYYY-MM-DD) begins in `timeZone`, moved on by `addDays` days: the bounds of "submitted
 * between" filters. Asked twice so a day that begins next to a daylight-saving change still gets its own offset.
 */
export function startOfDay(day: string, timeZone: string, addDays = 0): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const midnightAsUtc = Date.UTC(year, month - 1, date + addDays);
  const first = midnightAsUtc - offsetAt(midnightAsUtc, timeZone);
  return new Date(midnightAsUtc - offsetAt(first, timeZone));
}

/**
 * The instant a wall time ("2026-12-01T18:30", as a `datetime-local` field sends it) names in `timeZone`. A time that
 * does not exist there (skipped by a daylight-saving change) is read with the offset before the change.
 */
export function wallTimeToInstant(wallTime: string, timeZone: string): Date {
  const [day, time] = wallTime.split("T") as [string, string];
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const asUtc = Date.UTC(year, month - 1, date, hours, minutes);
  const first = asUtc - offsetAt(asUtc, timeZone);
  return new Date(asUtc - offsetAt(first, timeZone));
}

/** `at` as a `datetime-local` field shows it in `timeZone`: "2026-12-01T18:30". */
export const toWallTime = (at: Date, timeZone: string): string => formatSiteTimestamp(at, timeZone).replace(" ", "T");

const timestampFormats = new Map<string, Intl.DateTimeFormat>();

/** "2026-11-23 15:04" in `timeZone`: a time a spreadsheet sorts and reads as one. */
export function formatSiteTimestamp(at: Date, timeZone: string): string {
  let format = timestampFormats.get(timeZone);
  if (!format) {
    // Sweden's locale writes ISO-style dates and 24-hour times.
    format = new Intl.DateTimeFormat("sv-SE", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    timestampFormats.set(timeZone, format);
  }
  return format.format(at);
}
