import { Link, useLocation } from "react-router";
import { clsx } from "clsx";
import { useLocale, useMessages } from "#app/lib/i18n.ts";
import { fill } from "#core/i18n/catalogue.ts";
import { englishPath, hasUrduVersion, LANGUAGE_NAMES, localizedPath } from "#core/i18n/locale.ts";

/**
 * The other language of this page (English ↔ Urdu), named in that language; shown only on a page that has both. A link,
 * so it works before the scripts arrive.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { pathname, search } = useLocation();
  const locale = useLocale();
  const { nav } = useMessages();
  if (!hasUrduVersion(englishPath(pathname))) return null;
  const other = locale === "ur" ? "en" : "ur";
  return (
    <Link
      to={localizedPath(pathname, other) + search}
      lang={other}
      hrefLang={other}
      aria-label={fill(nav.readIn, { language: LANGUAGE_NAMES[other] })}
      className={clsx(
        "rounded-md px-2.5 py-2 font-semibold text-brand-900 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-800",
        className,
      )}
    >
      {LANGUAGE_NAMES[other]}
    </Link>
  );
}
