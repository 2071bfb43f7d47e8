import type { Translation } from "#core/i18n/catalogue.ts";
import type { GalleryWords } from "./en";

/** The same in Urdu. What is missing here shows in English (core/i18n/translations.test.ts lists it). */
export const galleriesUr: Translation<GalleryWords> = {
  events: {
    title: "تقریبات اور سرگرمیاں",
    intro: "علمی، ثقافتی اور سماجی تقریبات کے ہمارے سفر پر ایک نظر ڈالیں۔",
    tabs: "تقریبات اور سرگرمیاں",
    events: "تقریبات",
    activities: "سرگرمیاں",
    event: "تقریب",
    activity: "سرگرمی",
    onePhotoOf: "{name} کی 1 تصویر۔",
    photosOf: "{name} کی {count} تصاویر۔",
  },
  explore: {
    title: "ایس ایم سی کی سیر",
    description: "ہمارے کالج کی تصویری سیر: کیمپس، کلاسیں، دوست اور روزمرہ زندگی۔",
  },
  photos: {
    carousel: "سلائیڈر",
    slider: "{name} کی تصاویر",
    goToSlide: "سلائیڈ {number} پر جائیں",
    open: "تصویر {number} از {total} کھولیں: {alt}",
    viewer: "تصاویر دیکھنے کا پینل",
    of: "از",
    previous: "پچھلی",
    next: "اگلی",
    close: "بند کریں",
  },
};
