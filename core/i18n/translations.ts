import { withFallback } from "./catalogue";
import type { Books, BookName, Translations } from "./books";
import { announcementsEn } from "./announcements/en";
import { announcementsUr } from "./announcements/ur";
import { en } from "./en";
import { formsEn } from "./forms/en";
import { formsUr } from "./forms/ur";
import { galleriesEn } from "./galleries/en";
import { galleriesUr } from "./galleries/ur";
import { homeEn } from "./home/en";
import { homeUr } from "./home/ur";
import type { Locale } from "./locale";
import { registrationEn } from "./registration/en";
import { registrationUr } from "./registration/ur";
import { ur } from "./ur";

/** Every book in English: the words every language falls back to. */
export const ENGLISH: Books = {
  site: en,
  home: homeEn,
  announcements: announcementsEn,
  galleries: galleriesEn,
  forms: formsEn,
  registration: registrationEn,
};

/**
 * Each language's own strings, read on the server: a page in a language other than English carries that language's
 * books in its data (the root loader), so the browser's scripts hold only English.
 */
export const TRANSLATIONS: Record<Exclude<Locale, "en">, Translations> = {
  ur: { site: ur, home: homeUr, announcements: announcementsUr, galleries: galleriesUr, forms: formsUr, registration: registrationUr },
};

/**
 * What a page carries of `locale`'s books in its data (the root loader): all but the words only the server writes, the
 * registrant's mails.
 */
export function pageTranslations(locale: Exclude<Locale, "en">): Translations {
  const { registration, ...books } = TRANSLATIONS[locale];
  if (!registration) return books;
  const { mail: _writtenByTheServer, ...pageWords } = registration;
  return { ...books, registration: pageWords };
}

const merged = new Map<string, unknown>();

/** A book in `locale`, English where a string is not translated (the site book unless another is named). */
export function messagesFor<Name extends BookName = "site">(locale: Locale, book: Name = "site" as Name): Books[Name] {
  if (locale === "en") return ENGLISH[book];
  const key = `${locale}:${book}`;
  if (!merged.has(key)) merged.set(key, withFallback(ENGLISH[book], TRANSLATIONS[locale][book]));
  return merged.get(key) as Books[Name];
}

/** The strings `locale` has not translated, as `book:group.key`: they show in English. */
export function untranslated(locale: Exclude<Locale, "en">): string[] {
  return Object.entries(ENGLISH).flatMap(([book, english]) => {
    const translation = (TRANSLATIONS[locale][book as BookName] ?? {}) as Record<string, Record<string, string> | undefined>;
    return Object.entries(english as Record<string, Record<string, string>>).flatMap(([group, strings]) =>
      Object.keys(strings)
        .filter((key) => !translation[group]?.[key])
        .map((key) => `${book}:${group}.${key}`),
    );
  });
}
