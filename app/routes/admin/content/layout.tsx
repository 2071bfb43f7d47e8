import { href, Link, NavLink, Outlet } from "react-router";
import { clsx } from "clsx";
import { LogoutButton, MessagesLink } from "~/components/admin/admin-toolbar";
import { Button } from "~/components/ui/button";
import { CONTENT_SCREENS } from "~/components/admin/content/content-screens";
import type { Route } from "./+types/layout";
import { servicesContext } from "~/context";

export async function loader({ context }: Route.LoaderArgs) {
  return { unreadMessages: await context.get(servicesContext).contactMessages.unreadCount() };
}

/** /admin/content and its screens: the way back to the panel and to the messages, and a link to each part of the site's content. */
export default function SiteContentLayout({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to={href("/admin")}>Admin panel</Link>
        </Button>
        <div className="ml-auto flex flex-wrap gap-2">
          <MessagesLink unread={loaderData.unreadMessages} />
          <LogoutButton />
        </div>
      </div>
      <nav aria-label="Site content" className="mt-6 overflow-x-auto">
        <ul className="flex gap-1 border-b border-slate-300">
          <li>
            <NavLink to={href("/admin/content")} end className={tabClass}>
              Site content
            </NavLink>
          </li>
          {CONTENT_SCREENS.map((screen) => (
            <li key={screen.path}>
              <NavLink to={screen.path} className={tabClass}>
                {screen.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </main>
  );
}

const tabClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    "-mb-px block whitespace-nowrap border-b-2 px-3 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-brand-800",
    isActive ? "border-brand-800 text-brand-900" : "border-transparent text-slate-700 hover:text-brand-900",
  );
