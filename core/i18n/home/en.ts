/**
 * The home page's own words in English (its sections' headings and buttons); core/i18n/home/ur.ts translates them.
 * A book of its own (core/i18n/books.ts), so only the pages that show them carry them.
 */
import { NO_MONEY_FOR_BLOOD } from "#core/messages/common.ts";

export const homeEn = {
  home: {
    contactUs: "Contact Us",
    howItStarted: "How it's started",
    aboutUs: "About Us",
    ourGoals: "Our Goals",
    ourTeam: "Our Team",
    ourCollaborator: "Our Collaborator",
    resources: "Resources",
    viewNotes: "View Notes",
    watchYoutube: "Watch Youtube Channel",
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
    /** The hero's landmark name. */
    introduction: "Introduction",
    videoUnavailable: "Sorry, the video cannot be played right now.",
    documentary: "The society's documentary video.",
    close: "Close",
  },
};

export type HomeWords = typeof homeEn;
