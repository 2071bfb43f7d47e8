/**
 * The default gap between two whole-blood donations, in days, which an Owner may change. It is guidance only: the
 * blood bank decides on the day.
 */
export const DEFAULT_DONATION_INTERVAL_DAYS = { men: 90, women: 120 } as const;
export type DonationInterval = keyof typeof DEFAULT_DONATION_INTERVAL_DAYS;

const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (number: number): string => new Date(number * DAY_MS).toISOString().slice(0, 10);

/** The first day (YYYY-MM-DD) a donor may give again, or undefined for one with no recorded donation. */
export function nextDonationDay(lastDonation: string | null, intervalDays: number): string | undefined {
  return lastDonation === null ? undefined : dayOf(dayNumber(lastDonation) + intervalDays);
}

/** Whether a donor may be asked on `today` (YYYY-MM-DD, the society's day): the interval since the last donation has passed. */
export function intervalHasPassed(lastDonation: string | null, intervalDays: number, today: string): boolean {
  const next = nextDonationDay(lastDonation, intervalDays);
  return next === undefined || next <= today;
}

/** Whole days from the last donation to `today`, or undefined for a donor with none recorded. */
export function daysSinceDonation(lastDonation: string | null, today: string): number | undefined {
  return lastDonation === null ? undefined : dayNumber(today) - dayNumber(lastDonation);
}

/** For each interval, the latest last-donation day that lets a donor give on `today`: `today` less the interval (see intervalHasPassed). */
export const donationCutoffs = (
  today: string,
  intervals: Readonly<Record<DonationInterval, number>>,
): Record<DonationInterval, string> => ({
  men: dayOf(dayNumber(today) - intervals.men),
  women: dayOf(dayNumber(today) - intervals.women),
});
