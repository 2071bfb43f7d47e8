/**
 * The photo pages' words in English (Events & Activities, Explore SMC, the sliders and the photo viewer); core/i18n/galleries/ur.ts translates them.
 * A book of its own (core/i18n/books.ts), so only the pages that show them carry them.
 */
export const galleriesEn = {
  events: {
    title: "Events & Activities",
    intro: "Explore our vibrant journey through academic, cultural and community-building events.",
    tabs: "Events and activities",
    events: "Events",
    activities: "Activities",
    /** A gallery page's kind, above its name. */
    event: "Event",
    activity: "Activity",
    /** A gallery page's description for search engines and link previews, when the committee wrote none. */
    onePhotoOf: "1 photo of {name}.",
    photosOf: "{count} photos of {name}.",
  },
  explore: {
    title: "Explore SMC",
    description: "A photo tour of our college: campus, classes, friends and everyday life.",
  },
  /** The photo sliders and the photo viewer. */
  photos: {
    /** What a screen reader calls a slider. */
    carousel: "carousel",
    slider: "{name} photos",
    goToSlide: "Go to slide {number}",
    open: "Open photo {number} of {total}: {alt}",
    viewer: "Photo viewer",
    /** Between the photo's number and the count: "3 of 12". */
    of: "of",
    previous: "Previous",
    next: "Next",
    close: "Close",
  },
};

export type GalleryWords = typeof galleriesEn;
