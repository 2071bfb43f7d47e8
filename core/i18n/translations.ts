import { withFallback } from "./catalogue";
import { en, type Messages } from "./en";
import type { Locale } from "./locale";
import { type PartialMessages, ur } from "./ur";

/**
 * Each language's own strings, read on the server: a page in a language other than English carries that language's
 * catalogue in its data (the root loader), so the browser's scripts hold only English.
 */
export const TRANSLATIONS: Record<Locale, PartialMessages> = { en, ur };

export const messagesFor = (locale: Locale): Messages => withFallback(locale === "en" ? undefined : TRANSLATIONS[locale]);

/** The strings `locale` has not translated, as `group.key`: they show in English. */
export function untranslated(locale: Locale): string[] {
  const translation = TRANSLATIONS[locale] as Record<string, Record<string, string> | undefined>;
  return Object.entries(en).flatMap(([group, strings]) =>
    Object.keys(strings)
      .filter((key) => !translation[group]?.[key])
      .map((key) => `${group}.${key}`),
  );
}
