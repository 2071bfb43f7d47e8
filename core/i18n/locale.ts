/**
 * The public site's languages: English at `/`, Urdu under `/ur` (`/ur`, `/ur/announcement`, …). The admin area, and
 * every other page, is English only.
 */
export const LOCALES = ["en", "ur"] as const;
export type Locale = (typeof LOCALES)[number];

export const URDU_PREFIX = "/ur";

/** The language a path is in: Urdu under /ur, English everywhere else. */
export function localeOfPath(pathname: string): Locale {
  // A page's data request (`/ur.data`, `/ur/announcement.data`) is in its page's language.
  const page = pathname.replace(/\.data$/, "");
  return page === URDU_PREFIX || page.startsWith(`${URDU_PREFIX}/`) || page.startsWith(`${URDU_PREFIX}#`) ? "ur" : "en";
}

/** The English path of a page in either language: `/ur/announcement` is `/announcement`, `/ur` is `/`. */
export function englishPath(path: string): string {
  if (localeOfPath(path) === "en") return path;
  const rest = path.slice(URDU_PREFIX.length);
  return rest === "" || rest.startsWith("#") || rest.startsWith("?") ? `/${rest}` : rest;
}

/** A site path (with its query or fragment, if any) in `locale`: `/announcement` is `/ur/announcement` in Urdu, `/#about` `/ur#about`. */
export function localizedPath(path: string, locale: Locale): string {
  const english = englishPath(path);
  if (locale === "en") return english;
  return english === "/" || english.startsWith("/#") || english.startsWith("/?")
    ? `${URDU_PREFIX}${english.slice(1)}`
    : `${URDU_PREFIX}${english}`;
}

/** The English paths of the pages that have an Urdu version too (app/routes.ts, `inEnglishAndUrdu`). */
const PAGES_IN_URDU = [
  /^\/$/,
  /^\/announcement$/,
  // An announcement's page, its registration form and the page its "Confirm your place" link opens.
  /^\/announcement\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\/register|\/confirm)?$/,
  /^\/events-and-activities(\/[a-z0-9]+(-[a-z0-9]+)*)?$/,
  /^\/explore-smc$/,
  /^\/join$/,
  /^\/contact$/,
  // A registrant's ticket (its token in the query).
  /^\/ticket$/,
];

/** Whether the page at an English path (no query) has an Urdu version. */
export const hasUrduVersion = (path: string): boolean => PAGES_IN_URDU.some((page) => page.test(path));

export const directionOf = (locale: Locale): "ltr" | "rtl" => (locale === "ur" ? "rtl" : "ltr");

/** The language's own name, as the language switch offers it. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", ur: "اردو" };
