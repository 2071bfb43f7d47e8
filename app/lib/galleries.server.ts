import type { AppLoadContext } from "react-router";
import type { PhotoGroup } from "../../server/content/site-schema";
import { compactGalleryPhoto } from "./gallery-photo";

/** Alt texts are given in the browser from the group's name and the photo's position (galleryPhotoAlt). */
function resolveGroup({ contentImages }: AppLoadContext, group: PhotoGroup) {
  return {
    name: group.name,
    photos: group.photos.map((photo) => compactGalleryPhoto(contentImages.get(photo, ""))),
  };
}

export function loadEventGalleries(context: AppLoadContext) {
  return {
    events: context.site.eventGroups.map((g) => resolveGroup(context, g)),
    activities: context.site.activityGroups.map((g) => resolveGroup(context, g)),
  };
}

export function loadExplorePhotos(context: AppLoadContext) {
  return context.site.explorePhotos.map((photo) => compactGalleryPhoto(context.contentImages.get(photo, "")));
}
