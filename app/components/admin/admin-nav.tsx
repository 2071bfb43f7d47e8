import { clsx } from "clsx";
import { LayoutList, LogOut } from "lucide-react";
import { type KeyboardEvent, useRef, useState } from "react";
import { href, Link, useFetcher, useLocation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { placeIn, sectionsFor } from "#app/lib/admin-sections.ts";

/** Ends the session; the server sends the browser back to the login. */
export function LogoutButton() {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={href("/admin/logout")}>
      <Button type="submit" variant="outline" size="sm" disabled={busy}>
        {busy ? <Spinner className="size-4" /> : <LogOut className="size-4" aria-hidden />}
        Logout
      </Button>
    </fetcher.Form>
  );
}

const SECTIONS_ID = "admin-sections";

/** What the navigation lists besides Logout: the sections an admin of this role is shown, and the unread messages. */
export interface AdminNavSections {
  isOwner: boolean;
  /** Shown the Blood section: a blood coordinator (Owners are anyway). */
  bloodCoordinator: boolean;
  unreadMessages: number;
}

/**
 * The admin area's one navigation, on every admin page once signed in: its sections (an Editor is not shown the Owners'
 * ones) and Logout, in a bar on a laptop and behind a menu button on a phone. Messages carries how many contact messages
 * no admin has opened yet ("Messages, 3 unread"). The current section is marked: `aria-current="page"` on its own page,
 * `"true"` on a page reached from it (an announcement's registrations, a content screen). Without `sections` (a sign-in
 * still owing the two-factor setup, where every section would send the admin back) it holds Logout alone.
 */
export function AdminNav({ sections }: { sections: AdminNavSections | null }) {
  if (!sections) {
    return (
      <nav aria-label="Admin" className="border-b border-brand-100 bg-white">
        <div className="mx-auto flex max-w-7xl justify-end px-4 py-2">
          <LogoutButton />
        </div>
      </nav>
    );
  }
  return <SectionsNav {...sections} />;
}

function SectionsNav({ isOwner, bloodCoordinator, unreadMessages }: AdminNavSections) {
  const { pathname } = useLocation();
  // The phone's menu is open on the page it was opened on: choosing a section (or going back) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (isOpen: boolean) => setOpenOn(isOpen ? pathname : null);
  const menuButton = useRef<HTMLButtonElement>(null);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !open) return;
    setOpen(false);
    menuButton.current?.focus();
  };

  return (
    <nav aria-label="Admin" className="border-b border-brand-100 bg-white" onKeyDown={closeOnEscape}>
      <div className="mx-auto max-w-7xl px-4 py-2">
        <Button
          ref={menuButton}
          variant="outline"
          size="sm"
          className="md:hidden"
          aria-expanded={open}
          aria-controls={SECTIONS_ID}
          onClick={() => setOpen(!open)}
        >
          {/* Not the top bar's Menu icon: one shared with the public pages would be split into a chunk of their own. */}
          <LayoutList className="size-4" aria-hidden />
          Admin menu
        </Button>
        <ul
          id={SECTIONS_ID}
          className={clsx(open ? "flex" : "hidden", "mt-2 flex-col gap-1 md:mt-0 md:flex md:flex-row md:flex-wrap md:items-center")}
        >
          {sectionsFor(isOwner, bloodCoordinator).map((section) => {
            const place = placeIn(section, pathname);
            const unread = section.to === href("/admin/messages") && unreadMessages > 0 ? unreadMessages : 0;
            return (
              <li key={section.to}>
                <Link
                  to={section.to}
                  onClick={() => setOpen(false)}
                  aria-current={place === "page" ? "page" : place === "beneath" ? "true" : undefined}
                  aria-label={unread > 0 ? `${section.label}, ${unread} unread` : undefined}
                  className={clsx(
                    "flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-800",
                    place ? "bg-brand-800 text-white" : "text-brand-900 hover:bg-brand-50",
                  )}
                >
                  {section.label}
                  {unread > 0 && (
                    <span
                      data-testid="unread-badge"
                      className={clsx(
                        "rounded-full px-2 py-0.5 text-xs font-bold",
                        place ? "bg-white text-brand-900" : "bg-brand-800 text-white",
                      )}
                    >
                      {`${unread} unread`}
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
          <li className="mt-2 md:mt-0 md:ml-auto">
            <LogoutButton />
          </li>
        </ul>
      </div>
    </nav>
  );
}
