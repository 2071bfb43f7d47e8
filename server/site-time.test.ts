import { describe, expect, test } from "vitest";
import { formatSiteTime, formatSiteTimestamp, startOfDay, toWallTime, wallTimeToInstant } from "./site-time";

describe("site time", () => {
  test("times are written in the configured time zone", () => {
    const at = new Date("2026-11-23T10:00:00.000Z");
    expect(formatSiteTime(at, "Asia/Karachi")).toBe("23 November 2026 at 15:00");
    expect(formatSiteTime(at, "UTC")).toBe("23 November 2026 at 10:00");
    expect(formatSiteTimestamp(at, "Asia/Karachi")).toBe("2026-11-23 15:00");
  });

  test("a day begins at local midnight of the zone", () => {
    expect(startOfDay("2026-11-23", "Asia/Karachi").toISOString()).toBe("2026-11-22T19:00:00.000Z");
    expect(startOfDay("2026-11-23", "UTC").toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(startOfDay("2026-11-30", "Asia/Karachi", 1).toISOString()).toBe("2026-11-30T19:00:00.000Z");
    expect(startOfDay("2026-12-31", "UTC", 1).toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });

  test("days next to a daylight-saving change keep their own offset", () => {
    // Europe/London moves from GMT to BST on 29 March 2026 at 01:00 UTC.
    expect(startOfDay("2026-03-29", "Europe/London").toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(startOfDay("2026-03-30", "Europe/London").toISOString()).toBe("2026-03-29T23:00:00.000Z");
    expect(startOfDay("2026-03-30", "America/New_York").toISOString()).toBe("2026-03-30T04:00:00.000Z");
  });

  test("a form's wall time is the instant it names in the zone, and back", () => {
    expect(wallTimeToInstant("2026-12-01T18:30", "Asia/Karachi").toISOString()).toBe("2026-12-01T13:30:00.000Z");
    expect(wallTimeToInstant("2026-07-01T09:00", "Europe/London").toISOString()).toBe("2026-07-01T08:00:00.000Z");
    expect(wallTimeToInstant("2026-01-01T09:00", "Europe/London").toISOString()).toBe("2026-01-01T09:00:00.000Z");
    expect(toWallTime(new Date("2026-12-01T13:30:00.000Z"), "Asia/Karachi")).toBe("2026-12-01T18:30");
    // 01:30 does not exist in London that night (clocks go from 01:00 to 02:00): it is read as 02:30.
    expect(toWallTime(wallTimeToInstant("2026-03-29T01:30", "Europe/London"), "Europe/London")).toBe("2026-03-29T02:30");
  });
});
