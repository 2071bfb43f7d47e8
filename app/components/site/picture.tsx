import { preload } from "react-dom";
import type { ResponsiveImage } from "#core/responsive-image.ts";

interface PictureProps {
  image: ResponsiveImage;
  /** How wide the image is drawn, for the browser to pick a variant, e.g. "(min-width: 1024px) 33vw, 100vw". */
  sizes: string;
  /** The page's main image (its LCP candidate): loaded at once, ahead of other images. */
  priority?: boolean;
  /** Above the fold but not the main image: loaded at once, at normal priority. Otherwise lazily. */
  eager?: boolean;
  className?: string;
  imgClassName?: string;
}

/** AVIF where supported, WebP otherwise; intrinsic width and height reserve the space before it loads. */
export function Picture({ image, sizes, priority = false, eager = false, className, imgClassName }: PictureProps) {
  // The main image is announced in <head>, ahead of the scripts, so a slow link fetches it first (LCP).
  if (priority && image.avifSrcSet) {
    preload(image.src, { as: "image", type: "image/avif", imageSrcSet: image.avifSrcSet, imageSizes: sizes, fetchPriority: "high" });
  }
  return (
    <picture className={className}>
      {image.avifSrcSet && <source type="image/avif" srcSet={image.avifSrcSet} sizes={sizes} />}
      {image.webpSrcSet && <source type="image/webp" srcSet={image.webpSrcSet} sizes={sizes} />}
      <img
        src={image.src}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading={priority || eager ? "eager" : "lazy"}
        decoding={priority ? "auto" : "async"}
        fetchPriority={priority ? "high" : "auto"}
        className={imgClassName ?? "h-auto max-w-full"}
      />
    </picture>
  );
}
