/** Today in the browser's own time zone (YYYY-MM-DD): the day a donor's "last donation" may not come after. */
export function localDay(at: Date = new Date()): string {
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}
