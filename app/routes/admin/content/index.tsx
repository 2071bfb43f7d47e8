import { Link } from "react-router";
import { CONTENT_SCREENS } from "#app/components/admin/content/content-screens.ts";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";

/** Nothing to read; it makes every visit, client-side ones too, ask the server, so the admin layout's guard runs. */
export function loader() {
  return null;
}

export const meta = () => unlistedPageMeta("Site content");

/** What the site shows, part by part; each change is live on the public pages at once. */
export default function SiteContentIndex() {
  return (
    <>
      <h1 className="text-3xl font-extrabold text-brand-900">Site content</h1>
      <p className="mt-2 text-slate-700">Everything the public site shows. A saved change is on the site at once.</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {CONTENT_SCREENS.map((screen) => (
          <li key={screen.path}>
            <Link
              to={screen.path}
              className="block h-full rounded-xl border border-brand-100 bg-white p-5 shadow-sm hover:border-brand-800 focus-visible:outline-2 focus-visible:outline-brand-800"
            >
              <span className="text-lg font-bold text-brand-900">{screen.label}</span>
              <span className="mt-1 block text-slate-700">{screen.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
