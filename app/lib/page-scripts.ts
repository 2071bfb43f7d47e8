/**
 * The one inline script root.tsx writes into every page: it marks the page as running scripts before its first paint
 * (scroll animations hide cards only then; without scripts everything simply shows). app/entry.server.tsx allows it in
 * the page's Content-Security-Policy by this very text.
 */
export const SCRIPTS_RUN_MARK = "document.documentElement.dataset.js=''";
