import { Menu, X } from "lucide-react";
import { clsx } from "clsx";
import { type SyntheticEvent, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import type { SiteChrome } from "#server/services/site-content.ts";
import { Picture } from "./picture";
import { DesktopMenu, MobileMenu } from "./site-menus";
import { ADMIN_LINKS, inLanguage, SHORT_LINKS, topBarVariant } from "./top-bar-links";
import { LanguageSwitch } from "./language-switch";
import { useLocale, useMessages } from "#app/lib/i18n.ts";
import { localizedPath } from "#core/i18n/locale.ts";

/** The phone menu's id: its button links to it (one top bar per page). */
const MOBILE_MENU_ID = "site-menu";
const menuButtonClass = "rounded-md p-2 text-brand-900 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-800 lg:hidden";

/** The bar on every page: logo to /, and the menu for this route (full, short or admin). */
export function TopBar({ chrome }: { chrome: SiteChrome }) {
  const { pathname } = useLocation();
  const variant = topBarVariant(pathname);
  const { nav } = useMessages();
  const locale = useLocale();
  // The menu belongs to the page it was opened on: moving to another route closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? pathname : null);
  const toggleMenu = (event: SyntheticEvent) => {
    event.preventDefault();
    setMenuOpen(!menuOpen);
  };
  const menuButton = useRef<HTMLAnchorElement>(null);

  // Opened before the page's scripts ran (the link to the menu, below): it stays open, now kept by React.
  useEffect(() => {
    if (location.hash !== `#${MOBILE_MENU_ID}`) return;
    history.replaceState(history.state, "", location.pathname + location.search);
    // Once, at hydration: React takes over a state the page reached without it (the server cannot know the fragment).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setMenuOpenOn(location.pathname);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setMenuOpenOn(null);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  const simpleLinks = variant === "admin" ? ADMIN_LINKS : variant === "short" ? inLanguage(SHORT_LINKS, nav, locale) : null;

  return (
    <header className="sticky top-0 z-40 border-b border-brand-100 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Link
          to={localizedPath("/", locale)}
          className="flex items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-brand-800"
        >
          <Picture
            image={{ ...chrome.logo, alt: "" }}
            sizes="48px"
            eager
            className="block size-12 shrink-0"
            imgClassName="size-12 object-contain"
          />
          <span className="text-lg font-bold text-brand-900">{chrome.shortName}</span>
          <span className="sr-only">{nav.homeSuffix}</span>
        </Link>

        {simpleLinks && variant === "admin" ? (
          <ul className="flex items-center gap-1 text-sm font-semibold sm:gap-4 sm:text-base">
            {simpleLinks.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="rounded-md px-2 py-2 text-brand-900 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-800"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <>
            <DesktopMenu chrome={chrome} links={simpleLinks} />
            <LanguageSwitch className="ms-auto lg:ms-0" />
            {/* A link to the menu, so that it opens before the scripts arrive, or without them (app.css); once the page
                runs, a button that opens and closes it. */}
            <a
              ref={menuButton}
              href={`#${MOBILE_MENU_ID}`}
              role="button"
              data-menu-open
              className={menuButtonClass}
              aria-expanded={menuOpen}
              aria-controls={MOBILE_MENU_ID}
              aria-label={menuOpen ? nav.closeMenu : nav.openMenu}
              onClick={toggleMenu}
              onKeyDown={(event) => event.key === " " && toggleMenu(event)}
            >
              {menuOpen ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
            </a>
            {/* Shown only while the menu was opened by the link above and the scripts have not run. */}
            <a href="#" data-menu-close className={clsx(menuButtonClass, "hidden")} aria-label={nav.closeMenu}>
              <X className="size-6" aria-hidden />
            </a>
          </>
        )}
      </nav>
      {variant !== "admin" && (
        <MobileMenu
          id={MOBILE_MENU_ID}
          open={menuOpen}
          chrome={chrome}
          links={simpleLinks}
          onChoose={() => setMenuOpen(false)}
          menuButton={menuButton}
        />
      )}
    </header>
  );
}
