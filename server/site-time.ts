/**
 * Times as the society reads them: in its own time zone (SITE_TIMEZONE), whatever the server's clock zone is.
 */

export { formatSiteTime, formatSiteTimeSpan } from "#core/site-time.ts";

/** `options` in each time zone, each format built once (building one costs about 100 times more than formatting). */
function perTimeZone(locale: string, options: Intl.DateTimeFormatOptions): (timeZone: string) => Intl.DateTimeFormat {
  const formats = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let format = formats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
      formats.set(timeZone, format);
    }
    return format;
  };
}

const dateFormat = perTimeZone("en-GB", { dateStyle: "long" });

/** "23 November 2026" in `timeZone`. */
export const formatSiteDate = (at: Date, timeZone: string): string => dateFormat(timeZone).format(at);

const numeric = "numeric";
const wallClock = perTimeZone("en-US", {
  hourCycle: "h23",
  ...{ year: numeric, month: numeric, day: numeric, hour: numeric, minute: numeric, second: numeric },
});

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = wallClock(timeZone).formatToParts(new Date(instant));
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
  return instantOfWallClock(Date.UTC(year, month - 1, date + addDays), timeZone);
}

/**
 * The instant a wall time ("2026-12-01T18:30", as a `datetime-local` field sends it) names in `timeZone`. A time that
 * does not exist there (skipped by a daylight-saving change) is read with the offset before the change.
 */
export function wallTimeToInstant(wallTime: string, timeZone: string): Date {
  const [day, time] = wallTime.split("T") as [string, string];
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return instantOfWallClock(Date.UTC(year, month - 1, date, hours, minutes), timeZone);
}

/** The instant `timeZone`'s wall clock reads `asUtc` (that wall time written as if it were UTC). */
function instantOfWallClock(asUtc: number, timeZone: string): Date {
  const first = asUtc - offsetAt(asUtc, timeZone);
  return new Date(asUtc - offsetAt(first, timeZone));
}

/** `at` as a `datetime-local` field shows it in `timeZone`: "2026-12-01T18:30". */
export const toWallTime = (at: Date, timeZone: string): string => formatSiteTimestamp(at, timeZone).replace(" ", "T");

// Sweden's locale writes ISO-style dates and 24-hour times.
const timestampFormat = perTimeZone("sv-SE", { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" });

/** "2026-11-23 15:04" in `timeZone`: a time a spreadsheet sorts and reads as one. */
export const formatSiteTimestamp = (at: Date, timeZone: string): string => timestampFormat(timeZone).format(at);
