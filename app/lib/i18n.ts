import { useLocation, useRouteLoaderData } from "react-router";
import { type Messages, withFallback } from "#core/i18n/catalogue.ts";
import type { PartialMessages } from "#core/i18n/ur.ts";
import { type Locale, localeOfPath } from "#core/i18n/locale.ts";

/** What the root loader says of the page's language: its strings other than English travel in the page's data. */
export interface PageLanguage {
  locale: Locale;
  /** The language's catalogue (core/i18n/ur.ts), none for English: the browser's scripts carry English only. */
  translation?: PartialMessages;
}

/** The language a loader draws its page in: the one its address is in. */
export const requestLocale = (request: Request): Locale => localeOfPath(new URL(request.url).pathname);

/** The language of the page shown: Urdu under /ur, English elsewhere. */
export const useLocale = (): Locale => localeOfPath(useLocation().pathname);

const merged = new WeakMap<PartialMessages, Messages>();

/** The site's own words in the page's language, English where a string is not translated. */
export function useMessages(): Messages {
  const translation = useRouteLoaderData<{ language?: PageLanguage }>("root")?.language?.translation;
  if (!translation) return withFallback(undefined);
  let messages = merged.get(translation);
  if (!messages) merged.set(translation, (messages = withFallback(translation)));
  return messages;
}
