/**
 * The announcements' words in English (the list, the cards and their buttons, notifications); core/i18n/announcements/ur.ts translates them.
 * A book of its own (core/i18n/books.ts), so only the pages that show them carry them.
 */
export const announcementsEn = {
  announcements: {
    title: "Announcements",
    /** The card title of an announcement written without one (SPEC). */
    untitled: "Announcement",
    imageOf: "Image for {title}",
    /** The button of an announcement that links elsewhere, when the admin wrote no words for it. */
    linkLabel: "Register via Google Form",
    intro: "Stay up to date with the latest news, events and opportunities from our society.",
    description: "The society's latest announcements, with links to register.",
    none: "No announcement available.",
    goBack: "Go Back",
    share: "Share",
    shareOnWhatsApp: "Share on WhatsApp",
    addToCalendar: "Add to calendar",
    /** Before an event's time and place. */
    when: "When:",
    where: "Where:",
    /** A card's scrolling text, for a screen reader. */
    details: "Announcement {position} details",
    /** Before a pinned card's title, for a screen reader. */
    pinned: "Pinned:",
    /** Under the card of an announcement that collected registrations on the site, once registering has closed. */
    registrationClosed: "Registration is closed.",
  },
  notify: {
    subscribe: "Get notified",
    unsubscribe: "Stop notifications",
    on: "Notifications are on: this browser gets one whenever something is announced.",
    off: "Notifications are off.",
    blocked: "Notifications are blocked for this site. Allow them in your browser's settings, then tap Get notified again.",
  },
};

export type AnnouncementWords = typeof announcementsEn;
