import { describe, expect, test } from "vitest";
import { downscaledSize } from "./downscale-photo";

describe("downscaledSize", () => {
  test("a photo wider than the widest kept size is cut to it, its proportions kept", () => {
    expect(downscaledSize(4000, 3000, 1200)).toEqual({ width: 1200, height: 900 });
    expect(downscaledSize(3000, 4000, 1200)).toEqual({ width: 1200, height: 1600 });
    expect(downscaledSize(4032, 1000, 1200)).toEqual({ width: 1200, height: 298 });
  });

  test("a photo no wider than that is sent as it is", () => {
    expect(downscaledSize(1200, 5000, 1200)).toBeUndefined();
    expect(downscaledSize(800, 600, 1200)).toBeUndefined();
  });

  test("a sliver never comes out 0 pixels high", () => {
    expect(downscaledSize(100_000, 10, 1200)).toEqual({ width: 1200, height: 1 });
  });
});
