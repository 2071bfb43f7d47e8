/**
 * The public site's own words in English that every page shows, the `site` book (core/i18n/books.ts): the menus, the
 * language switch, the offline page; core/i18n/ur.ts translates it. The other books are in the folders beside it.
 * The spec's strings are copied exactly.
 */
export const en = {
  nav: {
    home: "Home",
    aboutUs: "About Us",
    announcement: "Announcement",
    collaborator: "Collaborator",
    resources: "Resources",
    eventsAndActivities: "Events & Activities",
    allEventsAndActivities: "All events & activities",
    megaEvents: "Mega events",
    activities: "Activities",
    exploreSmc: "Explore SMC",
    joinUs: "Join Us",
    contactUs: "Contact Us",
    back: "Back",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    /** After the society's short name on the logo's link, for a screen reader. */
    homeSuffix: ", home",
    opensInNewTab: "(opens in a new tab)",
    /** The language switch's accessible name: "Read this page in Urdu". */
    readIn: "Read this page in {language}",
  },
  offline: {
    line: "You are offline: this is the page as last loaded.",
    title: "You are offline",
    text: "This page has not been opened on this phone before, so there is no copy of it here. It opens once the connection returns.",
    link: "Go to the home page",
  },
};

export type Messages = typeof en;
