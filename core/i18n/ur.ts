import type { Translation } from "./catalogue";
import type { Messages } from "./en";

/** The public site's own words in Urdu. What is missing here shows in English (core/i18n/translations.test.ts lists it). */
export const ur: Translation<Messages> = {
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
  offline: {
    line: "آپ آف لائن ہیں: یہ صفحہ ویسا ہی ہے جیسا آخری بار کھلا تھا۔",
    title: "آپ آف لائن ہیں",
    text: "یہ صفحہ اس فون پر پہلے نہیں کھولا گیا، اس لیے اس کی کوئی نقل یہاں نہیں۔ کنکشن بحال ہوتے ہی یہ کھل جائے گا۔",
    link: "ہوم پیج پر جائیں",
  },
};
