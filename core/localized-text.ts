import type { Locale } from "#core/i18n/locale.ts";

/**
 * The text a page in `locale` shows of a field the committee writes in both languages: in Urdu, its Urdu twin where
 * one is written (anything but spaces), otherwise the English text. Field by field: one item may show an Urdu title
 * beside its English description.
 */
export function localizedText<T extends string | null>(locale: Locale, english: T, urdu: string | null | undefined): T | string {
  return locale === "ur" && urdu && urdu.trim() !== "" ? urdu : english;
}
