import type { AppLoadContext } from "react-router";
import type { PhotoGroup } from "../../server/content/site-schema";

/** Each photo's alt text is its group's name and its position (SPEC 2). */
function resolveGroup({ contentImages }: AppLoadContext, group: PhotoGroup) {
  return {
    name: group.name,
    photos: group.photos.map((photo, index) => contentImages.get(photo, `${group.name} ${index + 1}`)),
  };
}

export function loadEventGalleries(context: AppLoadContext) {
  return {
    events: context.site.eventGroups.map((g) => resolveGroup(context, g)),
    activities: context.site.activityGroups.map((g) => resolveGroup(context, g)),
  };
}

export function loadExplorePhotos(context: AppLoadContext) {
  return context.site.explorePhotos.map((photo, index) => context.contentImages.get(photo, `Explore SMC photo ${index + 1}`));
}
