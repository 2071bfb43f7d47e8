import { expect, test } from "vitest";
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
