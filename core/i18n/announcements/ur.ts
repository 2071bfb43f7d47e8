import type { Translation } from "#core/i18n/catalogue.ts";
import type { AnnouncementWords } from "./en";

/** The same in Urdu. What is missing here shows in English (core/i18n/translations.test.ts lists it). */
export const announcementsUr: Translation<AnnouncementWords> = {
  announcements: {
    title: "اعلانات",
    untitled: "اعلان",
    imageOf: "{title} کی تصویر",
    linkLabel: "گوگل فارم کے ذریعے رجسٹر کریں",
    intro: "سوسائٹی کی تازہ ترین خبروں، تقریبات اور مواقع سے باخبر رہیں۔",
    description: "سوسائٹی کے تازہ ترین اعلانات، رجسٹریشن کے لنکس کے ساتھ۔",
    none: "فی الحال کوئی اعلان نہیں۔",
    goBack: "واپس جائیں",
    share: "شیئر کریں",
    shareOnWhatsApp: "واٹس ایپ پر شیئر کریں",
    addToCalendar: "کیلنڈر میں شامل کریں",
    when: "کب:",
    where: "کہاں:",
    registrationClosed: "رجسٹریشن بند ہو چکی ہے۔",
    details: "اعلان {position} کی تفصیل",
    pinned: "نمایاں:",
  },
  notify: {
    subscribe: "اطلاع پائیں",
    unsubscribe: "اطلاعات بند کریں",
    on: "اطلاعات آن ہیں: جب بھی کوئی اعلان ہوگا، اس براؤزر کو اطلاع ملے گی۔",
    off: "اطلاعات بند ہیں۔",
    blocked: "اس سائٹ کی اطلاعات بند ہیں۔ براؤزر کی ترتیبات میں اجازت دیں، پھر دوبارہ ”اطلاع پائیں“ دبائیں۔",
  },
};
