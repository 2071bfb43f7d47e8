import { describe, expect, test } from "vitest";
import { fill, withFallback } from "./catalogue";
import { ENGLISH, messagesFor, pageTranslations, TRANSLATIONS, untranslated } from "./translations";
import { en } from "./en";

describe("the message catalogues (core/i18n)", () => {
  test("every Urdu string the books lack is listed here; each shows in English", () => {
    // Add a string to an English book (core/i18n/en.ts, core/i18n/forms/en.ts) and this list names it until its Urdu
    // translation does.
    const missing = untranslated("ur");
    expect(missing).toEqual([]);
    for (const path of missing) {
      const [book, group, key] = path.split(/[:.]/) as [keyof typeof ENGLISH, string, string];
      const words = messagesFor("ur", book) as Record<string, Record<string, string>>;
      expect(words[group]![key]).toBe((ENGLISH[book] as Record<string, Record<string, string>>)[group]![key]);
    }
  });

  test("a language's missing or empty string falls back to English, string by string", () => {
    const messages = withFallback(en, { nav: { home: "ہوم", aboutUs: "" } });
    expect(messages.nav.home).toBe("ہوم");
    expect(messages.nav.aboutUs).toBe(en.nav.aboutUs);
    expect(messages.offline).toEqual(en.offline);
    expect(withFallback(en, undefined)).toBe(en);
  });

  test("a translation keeps the English book's `{name}` places, so fill finds them in either language", () => {
    for (const [book, english] of Object.entries(ENGLISH)) {
      const urdu = messagesFor("ur", book as keyof typeof ENGLISH) as Record<string, Record<string, string>>;
      for (const [group, strings] of Object.entries(english as Record<string, Record<string, string>>)) {
        for (const [key, text] of Object.entries(strings)) {
          const places = (words: string) => [...words.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
          expect(places(urdu[group]![key]!), `${book}:${group}.${key}`).toEqual(places(text));
        }
      }
    }
  });

  test("fill puts values in their places and leaves unknown ones as written", () => {
    expect(fill("Read this page in {language}", { language: "Urdu" })).toBe("Read this page in Urdu");
    expect(fill("{count} of {total}", { count: 2 })).toBe("2 of {total}");
  });

  test("an Urdu page's data carries every book but the registrant's mails, which only the server writes", () => {
    const { registration, ...books } = pageTranslations("ur");
    const { mail, ...pageWords } = TRANSLATIONS.ur.registration!;
    expect(mail).toBeDefined();
    expect(registration).toEqual(pageWords);
    expect(registration).not.toHaveProperty("mail");
    expect(books).toEqual({ ...TRANSLATIONS.ur, registration: undefined, ...books });
    expect(Object.keys(books).sort()).toEqual(
      Object.keys(TRANSLATIONS.ur)
        .filter((book) => book !== "registration")
        .sort(),
    );
  });
});
