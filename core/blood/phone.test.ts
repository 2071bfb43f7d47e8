import { describe, expect, test } from "vitest";
import { NOT_A_PAKISTANI_MOBILE, pakistaniMobile, whatsAppNumber } from "./phone";

describe("Pakistani mobile numbers", () => {
  test("either way of writing one is kept as +92 and ten digits", () => {
    for (const written of ["03001234567", "0300 1234567", "0300-1234567", "+923001234567", "+92 300 1234567", " +92-300-123 4567 "]) {
      expect(pakistaniMobile.parse(written)).toBe("+923001234567");
    }
    expect(whatsAppNumber("+923001234567")).toBe("923001234567");
  });

  test("anything else is refused with the form's message", () => {
    for (const written of [
      "",
      "0300123456",
      "030012345678",
      "04235761234",
      "+92 42 3576 1234",
      "923001234567",
      "+9203001234567",
      "0300 123456a",
      "+44 7700 900123",
    ]) {
      expect(pakistaniMobile.safeParse(written).error?.issues[0]?.message).toBe(NOT_A_PAKISTANI_MOBILE);
    }
  });
});
