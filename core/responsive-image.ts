/**
 * What a page needs to draw one picture at the size the screen wants: `<picture>` sources for AVIF
 * and WebP, a fallback `src`, and the intrinsic size so the browser reserves the space (no layout shift).
 * Content photos and uploaded announcement images both end up in this shape.
 */
export interface ResponsiveImage {
  src: string;
  avifSrcSet: string;
  webpSrcSet: string;
  width: number;
  height: number;
  alt: string;
}

export interface ImageVariantUrl {
  format: "avif" | "webp" | "jpeg";
  width: number;
  url: string;
}

/** Widths each photo is encoded at (capped at the original's width). */
export const VARIANT_WIDTHS = [400, 800, 1200] as const;

/** Extra small widths for pictures drawn small as well as large (the logo: 48 px in the top bar, 350 px in the hero). */
export const SMALL_VARIANT_WIDTHS = [96, 192] as const;

/** Picks the variant widths for an original of the given width: every standard width below it, plus one at its full width. */
export function variantWidthsFor(originalWidth: number, standard: readonly number[] = VARIANT_WIDTHS): number[] {
  const widths: number[] = standard.filter((w) => w < originalWidth);
  if (widths.length < standard.length) widths.push(originalWidth);
  return widths;
}

export function toResponsiveImage(variants: ImageVariantUrl[], size: { width: number; height: number }, alt: string): ResponsiveImage {
  const narrowestFirst = (format: ImageVariantUrl["format"]) =>
    variants.filter((v) => v.format === format).sort((a, b) => a.width - b.width);
  const srcSet = (format: ImageVariantUrl["format"]) =>
    narrowestFirst(format)
      .map((v) => `${v.url} ${v.width}w`)
      .join(", ");
  const webp = narrowestFirst("webp");
  // The fallback src is a middle-sized WebP: every browser that ignores <source> still decodes WebP today.
  const fallback = webp.find((v) => v.width >= 800) ?? webp.at(-1) ?? variants[0];
  return {
    src: fallback?.url ?? "",
    avifSrcSet: srcSet("avif"),
    webpSrcSet: srcSet("webp"),
    width: size.width,
    height: size.height,
    alt,
  };
}

/** The picture a shared link shows: og:image and twitter:image with its size, type and alt text. */
export interface LinkPreviewImage {
  src: string;
  width: number;
  height: number;
  type: "image/jpeg" | "image/png";
  alt: string;
  /** A photo, which preview clients draw large; otherwise the logo's card. */
  photo: boolean;
}
