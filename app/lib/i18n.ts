import { useLocation, useRouteLoaderData } from "react-router";
import { type Book, withFallback } from "#core/i18n/catalogue.ts";
import type { BookName, Books, Translations } from "#core/i18n/books.ts";
import { en, type Messages } from "#core/i18n/en.ts";
import { type Locale, localeOfPath } from "#core/i18n/locale.ts";

/** What the root loader says of the page's language: its strings other than English travel in the page's data. */
export interface PageLanguage {
  locale: Locale;
  /** The language's books (core/i18n/translations.ts), none for English: the browser's scripts carry English only. */
  translation?: Translations;
}

/** The language a loader draws its page in: the one its address is in. */
export const requestLocale = (request: Request): Locale => localeOfPath(new URL(request.url).pathname);

/** The language of the page shown: Urdu under /ur, English elsewhere. */
export const useLocale = (): Locale => localeOfPath(useLocation().pathname);

const merged = new WeakMap<object, Book>();

/**
 * A book of the site's words in `language` (the root loader's), English (`english`, the book the calling module
 * imports) where a string is not translated. The same object for the same page's data, so it can key a memo.
 */
export function bookIn<Name extends BookName>(language: PageLanguage | undefined, name: Name, english: Books[Name]): Books[Name] {
  const translation = language?.translation?.[name];
  if (!translation) return english;
  let words = merged.get(translation);
  if (!words) merged.set(translation, (words = withFallback<Book>(english, translation)));
  return words as Books[Name];
}

/** A book of the site's words in the page's language, as bookIn gives it. */
export const useBook = <Name extends BookName>(name: Name, english: Books[Name]): Books[Name] =>
  bookIn(useRouteLoaderData<{ language?: PageLanguage }>("root")?.language, name, english);

/** The site's own words (menus, page titles, buttons) in the page's language. */
export const useMessages = (): Messages => useBook("site", en);
