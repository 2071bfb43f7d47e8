import type { ContentImageManifest } from "./content-image-manifest";
import { type ResponsiveImage, toResponsiveImage } from "#core/responsive-image";

export interface ContentImages {
  /** The responsive variants of a photo under content/photos/. */
  get(photo: string, alt: string): ResponsiveImage;
}

export function contentImages(manifest: ContentImageManifest): ContentImages {
  return {
    get(photo, alt) {
      const entry = manifest[photo];
      if (!entry) throw new Error(`content/photos/${photo} has not been encoded: run \`npm run build\``);
      return toResponsiveImage(entry.variants, entry, alt);
    },
  };
}
