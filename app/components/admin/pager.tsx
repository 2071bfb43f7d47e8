import { Link } from "react-router";

/** "Page 2 of 7" with links to the pages before and after; `href` gives a page's address. */
export function Pager({ page, pages, href, label }: { page: number; pages: number; href: (page: number) => string; label: string }) {
  if (pages <= 1) return null;
  const linkClass = "rounded-md border border-brand-800 px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50";
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-center gap-4">
      {page > 1 ? (
        <Link to={href(page - 1)} className={linkClass} rel="prev">
          Previous
        </Link>
      ) : (
        <span aria-hidden="true" className="invisible px-3 py-2 text-sm">
          Previous
        </span>
      )}
      <p className="text-sm text-slate-800">{`Page ${page} of ${pages}`}</p>
      {page < pages ? (
        <Link to={href(page + 1)} className={linkClass} rel="next">
          Next
        </Link>
      ) : (
        <span aria-hidden="true" className="invisible px-3 py-2 text-sm">
          Next
        </span>
      )}
    </nav>
  );
}
