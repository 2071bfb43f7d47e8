// The site's service worker (registered by app/lib/site-worker.ts once a page has loaded, scope /). It keeps the public
// pages a visitor opened, their scripts and their photos, so each opens again with no network, as last loaded and
// saying so; a page never opened answers with the offline page (/offline). While there is a network every page comes
// from it, so nobody reads an old page when a new one can be had. It keeps only what the server marks `public` (the
// same for every visitor): never the admin area, a ticket, a form's answer or anything else that is one person's.
// A new version takes over at once (skipWaiting, clients.claim), and its caches' names say which pages it can read.
const PAGES = "site-pages-v1";
const ASSETS = "site-assets-v1";
const PHOTOS = "site-photos-v1";
/** The offline page, in English and (for a page under /ur) in Urdu. */
const OFFLINE_PAGES = { en: "/offline", ur: "/ur/offline" };
/** Kept entries per cache; the oldest go first (a page opened again is kept again, at the end). */
const LIMITS = { [PAGES]: 60, [ASSETS]: 200, [PHOTOS]: 150 };
/**
 * Said on a page shown from the phone's copy: put at the start of its <body>, and by the page when it navigates. The
 * catalogue's `offline.line` (core/i18n/en.ts, ur.ts; a unit test holds them equal).
 */
const OFFLINE_LINES = {
  en: "You are offline: this is the page as last loaded.",
  ur: "آپ آف لائن ہیں: یہ صفحہ ویسا ہی ہے جیسا آخری بار کھلا تھا۔",
};
const localeOf = (pathname) => (pathname === "/ur" || pathname.startsWith("/ur/") ? "ur" : "en");
/** Paths never answered from here, whatever their headers say. */
const NEVER_KEPT = /^\/(admin|door|ticket|ur\/ticket|certificates)(\/|$)|^\/admin-/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      for (const page of Object.values(OFFLINE_PAGES)) await keepPage(page).catch(() => undefined);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const ours = new Set(Object.keys(LIMITS));
      for (const name of await caches.keys()) if (name.startsWith("site-") && !ours.has(name)) await caches.delete(name);
      // A page opens without waiting for this worker to start: the request goes out at once, and the worker takes its answer.
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

// A page loaded before this worker controlled it sends its address and the files it loaded, to be kept as if they had
// come through here.
self.addEventListener("message", (event) => {
  const urls = Array.isArray(event.data?.keep) ? event.data.keep : [];
  event.waitUntil(Promise.all(urls.map((url) => keepLoaded(url).catch(() => undefined))));
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || NEVER_KEPT.test(url.pathname)) return;
  if (request.mode === "navigate") return event.respondWith(page(event));
  if (url.pathname.endsWith(".data")) return event.respondWith(pageData(event));
  if (url.pathname.startsWith("/assets/")) return event.respondWith(keptFirst(ASSETS, request));
  if (url.pathname.startsWith("/uploads/")) return event.respondWith(keptFirst(PHOTOS, request));
});

/** Whether an answer may be kept: a whole page the server marks as the same for every visitor. */
const isPublic = (response) =>
  response.status === 200 && !response.redirected && /\bpublic\b/.test(response.headers.get("Cache-Control") ?? "");

async function keep(cacheName, request, response) {
  const cache = await caches.open(cacheName);
  await cache.delete(request);
  await cache.put(request, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - LIMITS[cacheName]))) await cache.delete(old);
}

/** The page at `path`, fetched and kept if it is public. */
async function keepPage(path) {
  const response = await fetch(path, { credentials: "omit" });
  if (isPublic(response)) await keep(PAGES, new Request(path), response);
}

async function keepLoaded(address) {
  const url = new URL(address, self.location.origin);
  if (url.origin !== self.location.origin || NEVER_KEPT.test(url.pathname)) return;
  if (url.pathname.startsWith("/assets/") || url.pathname.startsWith("/uploads/")) {
    const cacheName = url.pathname.startsWith("/assets/") ? ASSETS : PHOTOS;
    if (await caches.match(url.href, { cacheName })) return;
    const response = await fetch(url.href);
    if (response.ok) await keep(cacheName, new Request(url.href), response);
    return;
  }
  if (!url.pathname.endsWith(".data")) await keepPage(url.pathname + url.search);
}

/** A page: from the network while there is one (kept if public), else as last loaded, else the offline page. */
async function page(event) {
  const { request } = event;
  try {
    const response = (await event.preloadResponse) ?? (await fetch(request));
    if (isPublic(response)) event.waitUntil(keep(PAGES, new Request(request.url), response.clone()));
    return response;
  } catch {
    const locale = localeOf(new URL(request.url).pathname);
    const kept = await caches.match(request.url, { cacheName: PAGES, ignoreSearch: false });
    if (kept) return withOfflineLine(kept, OFFLINE_LINES[locale]);
    const offlinePage = await caches.match(OFFLINE_PAGES[locale], { cacheName: PAGES });
    return offlinePage ? withoutScripts(offlinePage) : Response.error();
  }
}

/**
 * The offline page, shown at the address asked for (so that a reload opens it once the network is back), without its
 * scripts, which would draw the page that address names.
 */
async function withoutScripts(response) {
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  return new Response(html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, ""), { status: 200, headers });
}

/** The kept page with the offline line at the start of its body, outside what the page's scripts draw. */
async function withOfflineLine(response, line) {
  const html = await response.text();
  const paragraph =
    `<p data-offline-line role="status" style="margin:0;padding:.5rem 1rem;` +
    `background:#1e293b;color:#fff;text-align:center;font-weight:600;font-size:.9rem">${line}</p>`;
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  return new Response(
    html.replace(/<body[^>]*>/, (body) => body + paragraph),
    { status: 200, headers },
  );
}

/**
 * A page's data, fetched by the page's scripts as the visitor follows a link: from the network while there is one
 * (kept when its page is public, which the page's own answer says: fetched beside it when not kept yet), else as last
 * loaded; the page is told which, so it can say so.
 */
async function pageData(event) {
  const { request } = event;
  const url = new URL(request.url);
  const pagePath = url.pathname === "/_.data" ? "/" : url.pathname.replace(/\.data$/, "");
  try {
    const response = await fetch(request);
    if (response.status === 200) {
      const copy = response.clone();
      event.waitUntil(
        (async () => {
          if (!(await caches.match(pagePath, { cacheName: PAGES }))) await keepPage(pagePath);
          if (await caches.match(pagePath, { cacheName: PAGES })) await keep(PAGES, new Request(request.url), copy);
        })().catch(() => undefined),
      );
    }
    tell(event, false);
    return response;
  } catch {
    const kept = await caches.match(request.url, { cacheName: PAGES });
    tell(event, true);
    return kept ?? Response.error();
  }
}

function tell(event, offline) {
  event.waitUntil(
    self.clients.get(event.clientId).then((client) => {
      const line = client && OFFLINE_LINES[localeOf(new URL(client.url).pathname)];
      client?.postMessage({ offline, line });
    }),
  );
}

/** Scripts and photos: their addresses change with their content, so a kept copy is always right. */
async function keptFirst(cacheName, request) {
  const kept = await caches.match(request, { cacheName });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await keep(cacheName, request, response.clone());
  return response;
}

// A notification of a new announcement (server/push/): its title, first line and link, as the server wrote them.
self.addEventListener("push", (event) => {
  let message;
  try {
    message = event.data?.json();
  } catch {
    return;
  }
  if (!message?.title) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body ?? "",
      icon: message.icon || undefined,
      lang: message.lang || undefined,
      dir: message.dir || "auto",
      tag: message.url,
      data: { url: message.url },
    }),
  );
});

// A tap on it opens its page: in a tab of the site already open when there is one, else in a new one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? "/", self.location.origin);
  if (url.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === url.origin);
      if (open) {
        await open.focus();
        return open.navigate(url.href);
      }
      return self.clients.openWindow(url.href);
    })(),
  );
});
