import { describe, expect, test } from "vitest";
import { bloodRequestSchema } from "./blood-request";

describe("the emergency request's time", () => {
  test("a needed-by day that the calendar does not have is refused", () => {
    const fields = { patientGroup: "O+", units: "1", hospital: "DHQ", city: "Sargodha", contact: "Ward 4" };
    expect(bloodRequestSchema.safeParse({ ...fields, neededBy: "2099-02-28T10:00" }).success).toBe(true);
    const refused = bloodRequestSchema.safeParse({ ...fields, neededBy: "2099-02-30T10:00" });
    expect(refused.success ? [] : refused.error.issues.map((issue) => issue.message)).toEqual([
      "Choose the date and time the blood is needed by",
    ]);
  });
});
