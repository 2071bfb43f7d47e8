// The ticket page's service worker (registered by app/routes/ticket.tsx, scope /ticket, and again with scope /ur/ticket
// by the page in Urdu): it keeps each ticket page it shows, and the styles it uses, so a ticket opened once still opens
// at a door with no signal. It serves nothing else, and never the admin area. A new version replaces the old one at
// once (skipWaiting, clients.claim).
const CACHE = "tickets-v1";
/** The ticket page's paths: in English, and in Urdu. */
const TICKET_PAGES = ["/ticket", "/ur/ticket"];

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // Only its own older versions: the site's worker (public/sw.js) keeps its caches beside these.
      for (const name of await caches.keys()) if (name.startsWith("tickets-") && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

// The page that registered this worker was loaded before it ran: it sends its own address and the files it loaded.
self.addEventListener("message", (event) => {
  const urls = (event.data?.keep ?? []).filter((url) => {
    const { origin, pathname } = new URL(url, self.location.origin);
    return origin === self.location.origin && (TICKET_PAGES.includes(pathname) || pathname.startsWith("/assets/"));
  });
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(urls)));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  // The page itself: from the network while there is one (its state may have changed), else as last shown.
  if (TICKET_PAGES.includes(url.pathname) && event.request.mode === "navigate") {
    event.respondWith(
      (async () => {
        const cache = await caches.open(CACHE);
        try {
          const response = await fetch(event.request);
          if (response.ok) await cache.put(event.request, response.clone());
          return response;
        } catch {
          return (await cache.match(event.request)) ?? Response.error();
        }
      })(),
    );
    return;
  }
  // Its styles and scripts: their names change with their content, so a copy kept is always right.
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(
      (async () => {
        const cache = await caches.open(CACHE);
        const kept = await cache.match(event.request);
        if (kept) return kept;
        const response = await fetch(event.request);
        if (response.ok) await cache.put(event.request, response.clone());
        return response;
      })(),
    );
  }
});
