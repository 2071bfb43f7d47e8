import { describe, expect, test } from "vitest";
import { toResponsiveImage } from "./responsive-image";
import { compactGalleryPhoto, expandGalleryPhoto, galleryPhotoVariants } from "./gallery-photo";

const variants = [400, 800, 1200].flatMap((width) =>
  (["avif", "webp"] as const).map((format) => ({ format, width, url: `/images/events-med-doc-01-467ac3e2f9-${width}.${format}` })),
);

describe("gallery photos in compact form", () => {
  test("expanding the compact form gives back exactly the picture the server built", () => {
    const image = toResponsiveImage(variants, { width: 1600, height: 1067 }, "Med Doc 1");
    const compact = compactGalleryPhoto(image);
    expect(compact).toEqual({ stem: "/images/events-med-doc-01-467ac3e2f9", widths: [400, 800, 1200], width: 1600, height: 1067 });
    expect(expandGalleryPhoto(compact, "Med Doc 1")).toEqual(image);
  });

  test("a photo narrower than 800 px falls back to its widest WebP, as the server does", () => {
    const narrow = variants.filter((v) => v.width === 400);
    const image = toResponsiveImage(narrow, { width: 400, height: 300 }, "Small 1");
    expect(expandGalleryPhoto(compactGalleryPhoto(image), "Small 1")).toEqual(image);
  });

  test("variants named another way are refused rather than shown broken", () => {
    const odd = toResponsiveImage([{ format: "webp", width: 400, url: "/images/a.webp" }], { width: 400, height: 300 }, "Odd");
    expect(() => compactGalleryPhoto(odd)).toThrow(/unexpected variant name/);
  });

  test("a viewer gets the variants of one format, narrowest first, each with its height at the photo's proportions", () => {
    const photo = { stem: "/images/events-med-doc-01-467ac3e2f9", widths: [400, 800, 1200], width: 1600, height: 1067 };
    expect(galleryPhotoVariants(photo, "webp")).toEqual([
      { format: "webp", width: 400, height: 267, url: "/images/events-med-doc-01-467ac3e2f9-400.webp" },
      { format: "webp", width: 800, height: 534, url: "/images/events-med-doc-01-467ac3e2f9-800.webp" },
      { format: "webp", width: 1200, height: 800, url: "/images/events-med-doc-01-467ac3e2f9-1200.webp" },
    ]);
  });
});
