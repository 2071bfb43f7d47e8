import { expect, test } from "vitest";
import { countOf } from "./count-of";

test("one takes the singular; none and many the plural, regular or given", () => {
  expect([countOf(1, "photo"), countOf(0, "photo"), countOf(3, "photo")]).toEqual(["1 photo", "0 photos", "3 photos"]);
  expect(countOf(2, "person", "people")).toBe("2 people");
});
