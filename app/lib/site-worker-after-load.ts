import { useEffect } from "react";

/**
 * Registers the site's service worker (public/sw.js) once the page has loaded, from a module fetched then: nothing of it
 * is in the page's first-load JavaScript. Not in development, where Vite serves modules the worker must not keep.
 */
export function useSiteWorkerAfterLoad(): void {
  useEffect(() => {
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    // Without it (no network for the module, or a browser that refuses workers) the site is what it was: nothing to say.
    const start = () => void import("./site-worker").then(({ startSiteWorker }) => startSiteWorker()).catch(() => undefined);
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => window.removeEventListener("load", start);
  }, []);
}
