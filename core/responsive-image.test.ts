import { describe, expect, test } from "vitest";
import { toResponsiveImage, variantWidthsFor } from "./responsive-image";

describe("responsive image variants", () => {
  test("a large photo gets every standard width", () => {
    expect(variantWidthsFor(1600)).toEqual([400, 800, 1200]);
  });

  test("a small photo is never upscaled", () => {
    expect(variantWidthsFor(700)).toEqual([400, 700]);
    expect(variantWidthsFor(300)).toEqual([300]);
    expect(variantWidthsFor(1200)).toEqual([400, 800, 1200]);
  });

  test("srcsets list widths in order and the fallback is a middle WebP", () => {
    const image = toResponsiveImage(
      [
        { format: "webp", width: 1200, url: "/a-1200.webp" },
        { format: "webp", width: 400, url: "/a-400.webp" },
        { format: "avif", width: 400, url: "/a-400.avif" },
        { format: "webp", width: 800, url: "/a-800.webp" },
      ],
      { width: 1600, height: 1067 },
      "A photo",
    );
    expect(image).toEqual({
      src: "/a-800.webp",
      avifSrcSet: "/a-400.avif 400w",
      webpSrcSet: "/a-400.webp 400w, /a-800.webp 800w, /a-1200.webp 1200w",
      width: 1600,
      height: 1067,
      alt: "A photo",
    });
  });
});
