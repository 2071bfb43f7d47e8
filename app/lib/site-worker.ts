/** The site's service worker (public/sw.js), and what the page does with it. Loaded after the page (site-worker-after-load.ts). */
const SITE_WORKER = "/sw.js";
const OFFLINE_LINE_ATTRIBUTE = "data-offline-line";

interface WorkerNews {
  /** The page's data came from the phone's copy (true) or the network (false). */
  offline: boolean;
  line: string;
}

export async function startSiteWorker(): Promise<void> {
  navigator.serviceWorker.addEventListener("message", (event: MessageEvent<WorkerNews>) => {
    if (typeof event.data?.offline === "boolean") showOfflineLine(event.data.offline ? event.data.line : undefined);
  });
  const registration = await navigator.serviceWorker.register(SITE_WORKER, { scope: "/" });
  // This page and what it loaded came before the worker ran: the worker fetches and keeps them (those it may keep).
  const worker = registration.active ?? registration.installing ?? registration.waiting;
  // What the page loaded by the time the worker can take it (lazy photos load meanwhile).
  const keep = () =>
    (registration.active ?? worker)?.postMessage({
      keep: [location.href, ...performance.getEntriesByType("resource").map((entry) => entry.name)],
    });
  if (registration.active) keep();
  else worker?.addEventListener("statechange", () => worker.state === "activated" && keep());
}

/**
 * The line the worker puts at the top of a page it shows from the phone's copy, put there (or taken away) as the
 * visitor follows links: React does not draw it, so it stays outside what React keeps in step.
 */
function showOfflineLine(line: string | undefined): void {
  const shown = document.querySelector(`[${OFFLINE_LINE_ATTRIBUTE}]`);
  if (!line) return shown?.remove();
  if (shown) return;
  const paragraph = document.createElement("p");
  paragraph.setAttribute(OFFLINE_LINE_ATTRIBUTE, "");
  paragraph.setAttribute("role", "status");
  paragraph.className = "m-0 bg-slate-800 px-4 py-2 text-center text-sm font-semibold text-white";
  paragraph.textContent = line;
  document.body.prepend(paragraph);
}
