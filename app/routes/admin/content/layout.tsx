import { href, NavLink, Outlet } from "react-router";
import { clsx } from "clsx";
import { CONTENT_SCREENS } from "#app/components/admin/content/content-screens.ts";
/** /admin/content and its screens: a link to each part of the site's content. */
export default function SiteContentLayout() {
  return (
    <main className="mx-auto max-w-5xl px-4 py-8">
      <nav aria-label="Site content" className="overflow-x-auto">
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
