import type { Translation } from "#core/i18n/catalogue.ts";
import type { HomeWords } from "./en";

/** The same in Urdu. What is missing here shows in English (core/i18n/translations.test.ts lists it). */
export const homeUr: Translation<HomeWords> = {
  home: {
    viewNotes: "نوٹس دیکھیں",
    watchYoutube: "یوٹیوب چینل دیکھیں",
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
    introduction: "تعارف",
    videoUnavailable: "معذرت، یہ ویڈیو اس وقت نہیں چل سکتی۔",
    documentary: "سوسائٹی کی دستاویزی ویڈیو۔",
    close: "بند کریں",
  },
};
