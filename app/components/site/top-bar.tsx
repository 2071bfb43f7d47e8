import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import type { SiteChrome } from "#server/services/site-content.ts";
import { Picture } from "./picture";
import { DesktopMenu, MobileMenu } from "./site-menus";
import { ADMIN_LINKS, SHORT_LINKS, topBarVariant } from "./top-bar-links";

/** The bar on every page: logo to /, and the menu for this route (full, short or admin). */
export function TopBar({ chrome }: { chrome: SiteChrome }) {
  const { pathname } = useLocation();
  const variant = topBarVariant(pathname);
  // The menu belongs to the page it was opened on: moving to another route closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? pathname : null);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setMenuOpenOn(null);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  const simpleLinks = variant === "admin" ? ADMIN_LINKS : variant === "short" ? SHORT_LINKS : null;

  return (
    <header className="sticky top-0 z-40 border-b border-brand-100 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Link to="/" className="flex items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-brand-800">
          <Picture
            image={{ ...chrome.logo, alt: "" }}
            sizes="48px"
            eager
            className="block size-12 shrink-0"
            imgClassName="size-12 object-contain"
          />
          <span className="text-lg font-bold text-brand-900">{chrome.shortName}</span>
          <span className="sr-only">, home</span>
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
            <button
              ref={menuButton}
              type="button"
              className="rounded-md p-2 text-brand-900 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-800 lg:hidden"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              aria-label={menuOpen ? "Close menu" : "Open menu"}
              onClick={() => setMenuOpen(!menuOpen)}
            >
              {menuOpen ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
            </button>
          </>
        )}
      </nav>
      {variant !== "admin" && (
        <MobileMenu
          id={menuId}
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
