import { describe, expect, test } from "vitest";
import { daysSinceDonation, DEFAULT_DONATION_INTERVAL_DAYS, intervalHasPassed, nextDonationDay } from "./eligibility";

describe("donation intervals", () => {
  test("a donor may give again once the interval has passed, on the day it ends", () => {
    const { men, women } = DEFAULT_DONATION_INTERVAL_DAYS;
    expect(nextDonationDay("2026-09-01", men)).toBe("2026-11-30");
    expect(intervalHasPassed("2026-09-01", men, "2026-11-29")).toBe(false);
    expect(intervalHasPassed("2026-09-01", men, "2026-11-30")).toBe(true);
    expect(intervalHasPassed("2026-09-01", women, "2026-11-30")).toBe(false);
    expect(intervalHasPassed("2026-09-01", women, "2026-12-30")).toBe(true);
  });

  test("counts across month, year and leap-day ends", () => {
    expect(nextDonationDay("2027-12-15", 90)).toBe("2028-03-14");
    expect(nextDonationDay("2028-01-31", 30)).toBe("2028-03-01");
    expect(daysSinceDonation("2028-02-28", "2028-03-01")).toBe(2);
  });

  test("a donor with no recorded donation may give, with no next day and no days since", () => {
    expect(intervalHasPassed(null, 120, "2026-12-05")).toBe(true);
    expect(nextDonationDay(null, 120)).toBeUndefined();
    expect(daysSinceDonation(null, "2026-12-05")).toBeUndefined();
  });
});
