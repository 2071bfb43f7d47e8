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

describe("the emergency request's time", () => {
  test("a needed-by day that the calendar does not have is refused", async () => {
    const { bloodRequestSchema } = await import("./blood-request");
    const fields = { patientGroup: "O+", units: "1", hospital: "DHQ", city: "Sargodha", contact: "Ward 4" };
    expect(bloodRequestSchema.safeParse({ ...fields, neededBy: "2099-02-28T10:00" }).success).toBe(true);
    const refused = bloodRequestSchema.safeParse({ ...fields, neededBy: "2099-02-30T10:00" });
    expect(refused.success ? [] : refused.error.issues.map((issue) => issue.message)).toEqual([
      "Choose the date and time the blood is needed by",
    ]);
  });
});
