import { describe, expect, test } from "vitest";
import { fill, withFallback } from "./catalogue";
import { messagesFor, untranslated } from "./translations";
import { en } from "./en";

describe("the message catalogues (core/i18n)", () => {
  test("every Urdu string the catalogue lacks is listed here; each shows in English", () => {
    // Add a string to core/i18n/en.ts and this list names it until core/i18n/ur.ts translates it.
    const missing = untranslated("ur");
    expect(missing).toEqual([]);
    for (const path of missing) {
      const [group, key] = path.split(".") as [keyof typeof en, string];
      expect((messagesFor("ur")[group] as Record<string, string>)[key]).toBe((en[group] as Record<string, string>)[key]);
    }
  });

  test("a language's missing or empty string falls back to English, string by string", () => {
    const messages = withFallback({ nav: { home: "ہوم", aboutUs: "" } });
    expect(messages.nav.home).toBe("ہوم");
    expect(messages.nav.aboutUs).toBe(en.nav.aboutUs);
    expect(messages.announcements).toEqual(en.announcements);
    expect(withFallback(undefined)).toBe(en);
  });

  test("fill puts values in their places and leaves unknown ones as written", () => {
    expect(fill("Read this page in {language}", { language: "Urdu" })).toBe("Read this page in Urdu");
    expect(fill("{count} of {total}", { count: 2 })).toBe("2 of {total}");
  });
});
