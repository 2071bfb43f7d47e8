import type { SiteContent } from "#core/schemas/site-content";
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

/** Photos that site.ts names but the last image build did not encode (the build is older than the content). */
export function unencodedPhotos(site: SiteContent, manifest: ContentImageManifest): string[] {
  const photos = [
    site.logo,
    site.president.photo,
    ...site.team.flatMap((m) => (m.img ? [m.img] : [])),
    ...site.collaborators.map((c) => c.img),
    ...site.resources.map((r) => r.img),
    ...[...site.eventGroups, ...site.activityGroups].flatMap((g) => g.photos),
    ...site.explorePhotos,
  ];
  return [...new Set(photos)].filter((photo) => !manifest[photo]);
}
