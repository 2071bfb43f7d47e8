import { describe, expect, test } from "vitest";
import { donorUpdateSchema, isCalendarDay } from "./blood-donor";

describe("the donor forms' days", () => {
  test("a day is one the calendar has, in the date input's form", () => {
    for (const day of ["2026-12-05", "2024-02-29", "2000-01-01"]) expect(isCalendarDay(day), day).toBe(true);
    for (const day of [
      "2025-13-01",
      "2025-00-10",
      "2026-02-30",
      "2025-02-29",
      "2026-12-32",
      "2026-1-5",
      "05-12-2026",
      "",
      "2026-12-05T00:00",
    ])
      expect(isCalendarDay(day), day).toBe(false);
  });

  test("a month or day that does not exist is a message at its field, never an error", () => {
    const parsed = donorUpdateSchema("2026-12-05").safeParse({
      availability: "from",
      availableFrom: "2999-13-01",
      lastDonation: "2025-13-01",
      city: "Sargodha",
      area: "Satellite Town",
      phone: "03001234567",
    });
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`)).toEqual([
      "lastDonation: Choose the date of your last donation, or leave it empty",
      "availableFrom: Choose the date from which you are available",
    ]);
  });
});
