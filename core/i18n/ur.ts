import type { Messages } from "./en";

/** Any part of a catalogue: a language may leave strings untranslated, and English shows in their place. */
export type PartialMessages = { [Group in keyof Messages]?: Partial<Messages[Group]> };

/** The public site's own words in Urdu. What is missing here shows in English (core/i18n/catalogue.test.ts lists it). */
export const ur: PartialMessages = {
  nav: {
    home: "ہوم",
    aboutUs: "ہمارے بارے میں",
    announcement: "اعلانات",
    collaborator: "شراکت دار",
    resources: "وسائل",
    eventsAndActivities: "تقریبات اور سرگرمیاں",
    allEventsAndActivities: "تمام تقریبات اور سرگرمیاں",
    megaEvents: "بڑی تقریبات",
    activities: "سرگرمیاں",
    exploreSmc: "ایس ایم سی کی سیر",
    joinUs: "شامل ہوں",
    contactUs: "رابطہ کریں",
    back: "واپس",
    openMenu: "مینو کھولیں",
    closeMenu: "مینو بند کریں",
    homeSuffix: "، ہوم",
    opensInNewTab: "(نئے ٹیب میں کھلتا ہے)",
    readIn: "یہ صفحہ {language} میں پڑھیں",
  },
  home: {
    contactUs: "رابطہ کریں",
    howItStarted: "یہ سفر کیسے شروع ہوا",
    aboutUs: "ہمارے بارے میں",
    ourGoals: "ہمارے مقاصد",
    ourTeam: "ہماری ٹیم",
    ourCollaborator: "ہمارے شراکت دار",
    resources: "وسائل",
    bloodDonors: "خون کے عطیہ دہندگان",
    bloodDonorsText:
      "جب کسی مریض کو خون کی ضرورت ہو تو سوسائٹی کے رابطہ کار قریب کے ہم آہنگ گروپ کے رجسٹرڈ عطیہ دہندگان سے پوچھتے ہیں۔ رجسٹری میں شامل ہوں، تاکہ اگلی بار آپ سے پوچھا جائے۔",
    becomeBloodDonor: "خون کا عطیہ دہندہ بنیں",
    noMoneyForBlood: "سوسائٹی خون کے لیے کبھی پیسے نہیں مانگتی۔ جو مانگے، اس کی اطلاع دیں۔",
    talkOnWhatsApp: "واٹس ایپ پر بات کریں",
    messageOnWhatsApp: "واٹس ایپ پر پیغام بھیجیں",
    followUs: "ہمیں فالو کریں",
    joinCommunity: "ہماری واٹس ایپ کمیونٹی میں شامل ہوں",
    joinTheCommunity: "کمیونٹی میں شامل ہوں",
  },
  announcements: {
    title: "اعلانات",
    untitled: "اعلان",
    imageOf: "{title} کی تصویر",
    intro: "سوسائٹی کی تازہ ترین خبروں، تقریبات اور مواقع سے باخبر رہیں۔",
    description: "سوسائٹی کے تازہ ترین اعلانات، رجسٹریشن کے لنکس کے ساتھ۔",
    none: "فی الحال کوئی اعلان نہیں۔",
    goBack: "واپس جائیں",
    share: "شیئر کریں",
    shareOnWhatsApp: "واٹس ایپ پر شیئر کریں",
    addToCalendar: "کیلنڈر میں شامل کریں",
  },
  notify: {
    subscribe: "اطلاع پائیں",
    unsubscribe: "اطلاعات بند کریں",
    on: "اطلاعات آن ہیں: جب بھی کوئی اعلان ہوگا، اس براؤزر کو اطلاع ملے گی۔",
    off: "اطلاعات بند ہیں۔",
    blocked: "اس سائٹ کی اطلاعات بند ہیں۔ براؤزر کی ترتیبات میں اجازت دیں، پھر دوبارہ ”اطلاع پائیں“ دبائیں۔",
  },
  events: {
    title: "تقریبات اور سرگرمیاں",
    intro: "علمی، ثقافتی اور سماجی تقریبات کے ہمارے سفر پر ایک نظر ڈالیں۔",
    tabs: "تقریبات اور سرگرمیاں",
    events: "تقریبات",
    activities: "سرگرمیاں",
  },
  explore: {
    title: "ایس ایم سی کی سیر",
    description: "ہمارے کالج کی تصویری سیر: کیمپس، کلاسیں، دوست اور روزمرہ زندگی۔",
  },
  offline: {
    line: "آپ آف لائن ہیں: یہ صفحہ ویسا ہی ہے جیسا آخری بار کھلا تھا۔",
    title: "آپ آف لائن ہیں",
    text: "یہ صفحہ اس فون پر پہلے نہیں کھولا گیا، اس لیے اس کی کوئی نقل یہاں نہیں۔ کنکشن بحال ہوتے ہی یہ کھل جائے گا۔",
    link: "ہوم پیج پر جائیں",
  },
};
