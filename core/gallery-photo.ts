import { type ResponsiveImage, toResponsiveImage } from "./responsive-image";

/**
 * A gallery photo as it travels to the browser: the variant URLs share one stem (`/images/<name>-<hash>`) and
 * differ only in width and format, so the page data carries the stem and the widths instead of three long
 * srcset strings. On /events-and-activities that is about 40 KB less to send and parse before hydration.
 */
export interface GalleryPhoto {
  stem: string;
  widths: number[];
  width: number;
  height: number;
  /** The alt text an admin wrote; without one, the group's name and the photo's position. */
  alt?: string;
}

/** The photo's variants in one format, narrowest first, each with its size: for a viewer that picks one itself. */
export function galleryPhotoVariants(photo: GalleryPhoto, format: "avif" | "webp") {
  return photo.widths.map((width) => ({
    format,
    width,
    height: Math.round((photo.height * width) / photo.width),
    url: `${photo.stem}-${width}.${format}`,
  }));
}

/** The full picture sources of a gallery photo; `alt` is its group name and position. */
export function expandGalleryPhoto(photo: GalleryPhoto, alt: string): ResponsiveImage {
  return toResponsiveImage([...galleryPhotoVariants(photo, "avif"), ...galleryPhotoVariants(photo, "webp")], photo, alt);
}

/** The compact form of a content photo; throws when its variants do not follow the `<stem>-<width>.<format>` naming. */
export function compactGalleryPhoto(image: ResponsiveImage): GalleryPhoto {
  const entries = image.webpSrcSet.split(", ").map((candidate) => {
    const match = /^(.+)-(\d+)\.webp (\d+)w$/.exec(candidate);
    if (!match || match[2] !== match[3]) throw new Error(`unexpected variant name: ${candidate}`);
    return { stem: match[1]!, width: Number(match[2]) };
  });
  const stem = entries[0]?.stem;
  if (!stem || entries.some((e) => e.stem !== stem)) throw new Error(`variants of ${image.src} do not share one stem`);
  const photo: GalleryPhoto = { stem, widths: entries.map((e) => e.width), width: image.width, height: image.height };
  const expanded = expandGalleryPhoto(photo, image.alt);
  if (expanded.avifSrcSet !== image.avifSrcSet || expanded.src !== image.src)
    throw new Error(`variants of ${image.src} cannot be compacted`);
  return photo;
}

/** A gallery photo's alt text: the admin's, or its group and position (SPEC 2): "Med Doc 3". */
export const galleryPhotoAlt = (photo: Pick<GalleryPhoto, "alt">, groupName: string, index: number) =>
  photo.alt ?? `${groupName} ${index + 1}`;
