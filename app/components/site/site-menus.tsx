import { ChevronDown, ExternalLink } from "lucide-react";
import type { ReactNode, RefObject } from "react";
import { Link } from "react-router";
import { clsx } from "clsx";
import type { SiteChrome } from "#server/services/site-content.ts";
import { JoinUsButton } from "./join-us-button";
import { NavDropdown } from "./nav-dropdown";
import { inLanguage, type NavEntry, type NavLinkItem } from "./top-bar-links";
import { useLocale, useMessages } from "#app/lib/i18n.ts";
import { localizedPath } from "#core/i18n/locale.ts";

const itemBase =
  "inline-flex items-center gap-1 rounded-md px-2.5 text-brand-900 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-800 data-[state=open]:bg-brand-50";
/** A menu entry; sub-entries (inside the panels) are lighter and tighter. */
const itemClass = `${itemBase} py-2 font-semibold`;
const subItemClass = `${itemBase} py-1.5 font-medium`;

/** The full menu, in the spec's order, around Resources, Events & Activities and Join Us. */
const FULL_MENU: Record<"before" | "middle" | "after", NavEntry[]> = {
  before: [
    { key: "home", to: "/#hero" },
    { key: "aboutUs", to: "/#about" },
    { key: "announcement", to: "/announcement" },
    { key: "collaborator", to: "/#collaborator" },
  ],
  middle: [{ key: "exploreSmc", to: "/explore-smc" }],
  after: [{ key: "contactUs", to: "/#contact" }],
};

/** The full menu's entries in the page's language; Collaborator only while the home page has collaborators to show. */
function useFullMenu(chrome: SiteChrome) {
  const { nav } = useMessages();
  const locale = useLocale();
  const before = FULL_MENU.before.filter((entry) => chrome.hasCollaborators || entry.to !== "/#collaborator");
  return {
    nav,
    locale,
    before: inLanguage(before, nav, locale),
    middle: inLanguage(FULL_MENU.middle, nav, locale),
    after: inLanguage(FULL_MENU.after, nav, locale),
  };
}

const linkItem = (className: string, onChoose?: () => void) =>
  function LinkItem(link: NavLinkItem) {
    return (
      <li key={link.to}>
        <Link to={link.to} onClick={onChoose} className={className}>
          {link.label}
        </Link>
      </li>
    );
  };

function ResourceLinks({ chrome, className, onChoose }: { chrome: SiteChrome; className: string; onChoose?: () => void }) {
  return (
    <ul>
      {chrome.resourcesMenu.map((item, index) => (
        // Keyed by position: admin-edited labels may repeat.
        <li key={`${index}:${item.label}`}>
          <a
            href={item.url}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onChoose}
            className={clsx(className, "w-full justify-between")}
          >
            {item.label}
            <ExternalLink className="size-4" aria-label="(opens in a new tab)" role="img" />
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * Wide screens. Resources and Events & Activities are dropdowns (NavDropdown): they open on hover, on a tap,
 * and from the keyboard, and close on Escape.
 */
export function DesktopMenu({ chrome, links }: { chrome: SiteChrome; links: NavLinkItem[] | null }) {
  const item = linkItem(itemClass);
  const menu = useFullMenu(chrome);
  if (links) return <ul className="hidden items-center gap-1 lg:flex">{links.map(item)}</ul>;
  return (
    <ul className="hidden items-center gap-0.5 text-[0.95rem] lg:flex">
      {menu.before.map(item)}
      {chrome.resourcesMenu.length > 0 && (
        <li>
          <NavDropdown
            label={menu.nav.resources}
            triggerClassName={itemClass}
            panelClassName="absolute top-full start-0 z-10 mt-2 w-56 rounded-lg border border-brand-100 bg-white p-2 shadow-lg"
          >
            <ResourceLinks chrome={chrome} className={itemClass} />
          </NavDropdown>
        </li>
      )}
      <li>
        <NavDropdown
          label={menu.nav.eventsAndActivities}
          triggerClassName={itemClass}
          panelClassName="absolute top-full -end-[12rem] z-10 mt-2 w-[36rem] rounded-lg border border-brand-100 bg-white p-4 shadow-lg"
        >
          <EventsPanel chrome={chrome} />
        </NavDropdown>
      </li>
      {menu.middle.map(item)}
      {chrome.joinUsVisible && (
        <li>
          <JoinUsButton className={itemClass} questions={chrome.joinQuestions} />
        </li>
      )}
      {menu.after.map(item)}
    </ul>
  );
}

function EventsPanel({ chrome, onChoose }: { chrome: SiteChrome; onChoose?: () => void }) {
  const { nav } = useMessages();
  const locale = useLocale();
  // A column without entries (no activity has photos yet) is left out.
  const column = (heading: string, entries: NavLinkItem[]) =>
    entries.length > 0 && (
      <div>
        <p className="mb-1 px-2.5 text-sm font-bold tracking-wide text-brand-800 uppercase">{heading}</p>
        <ul className="text-sm">
          {entries.map((entry) => (
            <li key={entry.to}>
              <Link to={localizedPath(entry.to, locale)} onClick={onChoose} className={clsx(subItemClass, "w-full")}>
                {entry.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    );
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {column(nav.megaEvents, chrome.eventsMenu)}
      {column(nav.activities, chrome.activitiesMenu)}
    </div>
  );
}

function Disclosure({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <details className="group">
      <summary className={clsx(itemClass, "w-full cursor-pointer list-none justify-between")}>
        {summary}
        <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden />
      </summary>
      <div className="pb-2 ps-3">{children}</div>
    </details>
  );
}

/** Small screens: the same entries in a panel under the bar; choosing a link closes it. */
export function MobileMenu({
  id,
  open,
  chrome,
  links,
  onChoose,
  menuButton,
}: {
  id: string;
  open: boolean;
  chrome: SiteChrome;
  links: NavLinkItem[] | null;
  onChoose: () => void;
  /** The hamburger: focus returns there from what a menu entry opened, as the menu itself is closed by then. */
  menuButton: RefObject<HTMLElement | null>;
}) {
  const item = linkItem(clsx(itemClass, "w-full"), onChoose);
  const menu = useFullMenu(chrome);
  return (
    <div
      id={id}
      className={clsx(
        "max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-brand-100 bg-white px-4 pb-4 lg:hidden",
        // A class, not the hidden attribute: before the scripts run, app.css shows it when its link was followed.
        open ? "block" : "hidden",
      )}
    >
      <ul className="flex flex-col gap-0.5 pt-2">
        {links ? (
          links.map(item)
        ) : (
          <>
            {menu.before.map(item)}
            {chrome.resourcesMenu.length > 0 && (
              <li>
                <Disclosure summary={menu.nav.resources}>
                  <ResourceLinks chrome={chrome} className={subItemClass} onChoose={onChoose} />
                </Disclosure>
              </li>
            )}
            <li>
              <Disclosure summary={menu.nav.eventsAndActivities}>
                <Link to={localizedPath("/events-and-activities", menu.locale)} onClick={onChoose} className={clsx(itemClass, "w-full")}>
                  {menu.nav.allEventsAndActivities}
                </Link>
                <EventsPanel chrome={chrome} onChoose={onChoose} />
              </Disclosure>
            </li>
            {menu.middle.map(item)}
            {chrome.joinUsVisible && (
              <li>
                <JoinUsButton
                  className={clsx(itemClass, "w-full")}
                  onOpen={onChoose}
                  questions={chrome.joinQuestions}
                  returnFocusTo={menuButton}
                />
              </li>
            )}
            {menu.after.map(item)}
          </>
        )}
      </ul>
    </div>
  );
}
