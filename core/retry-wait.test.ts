import { expect, test } from "vitest";
import { messagesFor } from "#core/i18n/translations.ts";
import { retryWait } from "./retry-wait";

test.each([
  [1, "a minute"],
  [60, "a minute"],
  [61, "2 minutes"],
  [599, "10 minutes"],
  [7200, "120 minutes"],
  [7201, "3 hours"],
  [86_400, "24 hours"],
])("%i seconds to wait read as %s, never rounded down", (seconds, text) => {
  expect(retryWait(seconds)).toBe(text);
});

test("in Urdu, the wait reads in Urdu", () => {
  const words = messagesFor("ur", "forms").checks;
  expect([retryWait(30, words), retryWait(600, words), retryWait(7201, words)]).toEqual(["ایک منٹ", "10 منٹ", "3 گھنٹے"]);
});
