/**
 * The public site's own words in English: the catalogue every language falls back to (core/i18n/ur.ts translates it).
 * Strings only, so a language's catalogue can travel in a page's data; `{name}` marks a value filled in by `fill`.
 * The spec's strings are copied exactly.
 */
import { NO_MONEY_FOR_BLOOD } from "#core/messages/common.ts";

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
  home: {
    contactUs: "Contact Us",
    howItStarted: "How it's started",
    aboutUs: "About Us",
    ourGoals: "Our Goals",
    ourTeam: "Our Team",
    ourCollaborator: "Our Collaborator",
    resources: "Resources",
    bloodDonors: "Blood donors",
    bloodDonorsText:
      "When a patient needs blood, the society's coordinators ask registered donors of a compatible group nearby. Join the registry and be the one who is asked.",
    becomeBloodDonor: "Become a blood donor",
    noMoneyForBlood: NO_MONEY_FOR_BLOOD,
    talkOnWhatsApp: "Talk to us on WhatsApp",
    messageOnWhatsApp: "Message us on WhatsApp",
    followUs: "Follow us",
    joinCommunity: "Join Our WhatsApp Community",
    joinTheCommunity: "Join the community",
  },
  announcements: {
    title: "Announcements",
    /** The card title of an announcement written without one (SPEC). */
    untitled: "Announcement",
    imageOf: "Image for {title}",
    intro: "Stay up to date with the latest news, events and opportunities from our society.",
    description: "The society's latest announcements, with links to register.",
    none: "No announcement available.",
    goBack: "Go Back",
    share: "Share",
    shareOnWhatsApp: "Share on WhatsApp",
    addToCalendar: "Add to calendar",
  },
  notify: {
    subscribe: "Get notified",
    unsubscribe: "Stop notifications",
    on: "Notifications are on: this browser gets one whenever something is announced.",
    off: "Notifications are off.",
    blocked: "Notifications are blocked for this site. Allow them in your browser's settings, then tap Get notified again.",
  },
  events: {
    title: "Events & Activities",
    intro: "Explore our vibrant journey through academic, cultural and community-building events.",
    tabs: "Events and activities",
    events: "Events",
    activities: "Activities",
  },
  explore: {
    title: "Explore SMC",
    description: "A photo tour of our college: campus, classes, friends and everyday life.",
  },
  offline: {
    line: "You are offline: this is the page as last loaded.",
    title: "You are offline",
    text: "This page has not been opened on this phone before, so there is no copy of it here. It opens once the connection returns.",
    link: "Go to the home page",
  },
};

export type Messages = typeof en;
