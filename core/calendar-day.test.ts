import { describe, expect, test } from "vitest";
import { formatCalendarDay } from "./calendar-day";

describe("formatCalendarDay", () => {
  test("says the day, the month's name and the year", () => {
    expect(formatCalendarDay("2026-03-12")).toBe("12 March 2026");
    expect(formatCalendarDay("2025-12-01")).toBe("1 December 2025");
  });

  test("in Urdu, with Urdu's month names", () => {
    expect(formatCalendarDay("2026-03-12", "ur")).toBe("12 مارچ 2026");
  });

  test("gives back anything that is not a stored day as it is", () => {
    expect(formatCalendarDay("2026-13-01")).toBe("2026-13-01");
    expect(formatCalendarDay("soon")).toBe("soon");
  });
});
