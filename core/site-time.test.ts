import { expect, test } from "vitest";
import { formatSiteTime, formatSiteTimeSpan } from "./site-time";

const ZONE = "Asia/Karachi";
const [start, sameDayEnd, nextDayEnd] = ["2026-12-05T09:00:00Z", "2026-12-05T11:00:00Z", "2026-12-06T11:00:00Z"].map((at) => new Date(at));

test("a time in the society's zone, in English by default and in Urdu's words on an Urdu page (24-hour both)", () => {
  expect(formatSiteTime(start!, ZONE)).toBe("5 December 2026 at 14:00");
  expect(formatSiteTime(start!, ZONE, "ur")).toBe("5 دسمبر، 2026 کو 14:00");
});

test("a span says the day once when it ends the day it starts, each day when not, and the start alone without an end", () => {
  expect(formatSiteTimeSpan(start!, sameDayEnd!, ZONE)).toBe("5 December 2026 at 14:00 to 16:00");
  expect(formatSiteTimeSpan(start!, nextDayEnd!, ZONE)).toBe("5 December 2026 at 14:00 to 6 December 2026 at 16:00");
  expect(formatSiteTimeSpan(start!, null, ZONE)).toBe("5 December 2026 at 14:00");
  expect(formatSiteTimeSpan(start!, sameDayEnd!, ZONE, "ur")).toBe("5 دسمبر، 2026 14:00–16:00");
  expect(formatSiteTimeSpan(start!, nextDayEnd!, ZONE, "ur")).toBe("5 دسمبر، 2026 کو 14:00 – 6 دسمبر، 2026 کو 16:00");
});
