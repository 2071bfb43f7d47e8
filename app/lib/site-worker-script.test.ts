import fs from "node:fs";
import vm from "node:vm";
import { describe, expect, test } from "vitest";

/**
 * The site's service worker (public/sw.js) run in a stand-in of the browser's worker scope: its lifecycle (a new build
 * takes over by itself, the old version's caches go), and the notification it shows for a push and opens on a tap.
 * What only a browser shows (offline pages, installability) is tests/e2e/installable.spec.ts's; a real push from the
 * server, decrypted, is notifications.spec.ts's (the browser's own push service cannot be reached from there).
 */

const ORIGIN = "https://society.example";
const SOURCE = fs.readFileSync(new URL("../../public/sw.js", import.meta.url), "utf8");

type Listener = (event: Record<string, unknown>) => void;

/** A window of the site (or another) that the worker can find, focus and lead somewhere. */
interface FakeWindow {
  url: string;
  focused: boolean;
  focus(): Promise<void>;
  navigate(url: string): Promise<void>;
}

const windowAt = (url: string): FakeWindow => ({
  url,
  focused: false,
  async focus() {
    this.focused = true;
  },
  async navigate(next: string) {
    this.url = next;
  },
});

/** Caches by name, each a map of address to answer: as much of CacheStorage as the worker uses. */
function fakeCaches() {
  const store = new Map<string, Map<string, Response>>();
  const keyOf = (request: Request | string) => new URL(typeof request === "string" ? request : request.url, ORIGIN).href;
  const open = async (name: string) => {
    if (!store.has(name)) store.set(name, new Map());
    const cache = store.get(name)!;
    return {
      put: async (request: Request | string, response: Response) => void cache.set(keyOf(request), response),
      delete: async (request: Request | string) => cache.delete(keyOf(request)),
      keys: async () => [...cache.keys()].map((url) => new Request(url)),
      match: async (request: Request | string) => cache.get(keyOf(request)),
    };
  };
  return {
    store,
    open,
    keys: async () => [...store.keys()],
    delete: async (name: string) => store.delete(name),
    match: async (request: Request | string, options: { cacheName?: string } = {}) => {
      const names = options.cacheName ? [options.cacheName] : [...store.keys()];
      for (const name of names) {
        const found = store.get(name)?.get(keyOf(request));
        if (found) return found;
      }
      return undefined;
    },
  };
}

/** public/sw.js loaded in a scope of its own, with what it did recorded. */
function loadWorker({ windows = [] as FakeWindow[] } = {}) {
  const listeners = new Map<string, Listener>();
  const done = { skippedWaiting: false, claimed: false, preloadOn: false, opened: [] as string[] };
  const notifications: { title: string; options: NotificationOptions }[] = [];
  const caches = fakeCaches();
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: async () => void (done.skippedWaiting = true),
    clients: {
      claim: async () => void (done.claimed = true),
      matchAll: async () => windows,
      openWindow: async (url: string) => void done.opened.push(url),
    },
    registration: {
      navigationPreload: { enable: async () => void (done.preloadOn = true) },
      showNotification: async (title: string, options: NotificationOptions) => void notifications.push({ title, options }),
    },
  };
  // The offline pages the install keeps: public, as the server marks them.
  const fetch = async (path: string) =>
    new Response(`<!doctype html><html><body>${path}</body></html>`, { headers: { "Cache-Control": "public, max-age=60" } });
  // A worker's relative addresses are its origin's.
  class WorkerRequest extends Request {
    constructor(input: string | Request, init?: RequestInit) {
      super(typeof input === "string" ? new URL(input, ORIGIN).href : input, init);
    }
  }
  vm.runInNewContext(SOURCE, { self, caches, fetch, Request: WorkerRequest, Response, Headers, URL });

  /** Dispatches an event as the browser would, resolving once everything it asked to wait for has ended. */
  async function dispatch(type: string, fields: Record<string, unknown> = {}): Promise<void> {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...fields, waitUntil: (promise: Promise<unknown>) => pending.push(promise) });
    await Promise.all(pending);
  }
  return { dispatch, done, notifications, caches };
}

describe("the site's service worker", () => {
  test("a new build's worker takes over by itself: it skips waiting, keeps the offline pages, drops the old version's caches only, and claims the open pages", async () => {
    const worker = loadWorker();
    // What an older version left, and a cache of the ticket page's own worker.
    await worker.caches.open("site-pages-v0");
    await worker.caches.open("tickets-v1");

    await worker.dispatch("install");
    expect(worker.done.skippedWaiting).toBe(true);
    expect([...worker.caches.store.get("site-pages-v1")!.keys()]).toEqual([`${ORIGIN}/offline`, `${ORIGIN}/ur/offline`]);
    expect(worker.done.claimed).toBe(false);

    await worker.dispatch("activate");
    expect((await worker.caches.keys()).sort()).toEqual(["site-pages-v1", "tickets-v1"]);
    expect(worker.done).toMatchObject({ claimed: true, preloadOn: true });
  });

  test("a push shows the announcement's title, first line and link; one without a title, or not JSON, shows nothing", async () => {
    const worker = loadWorker();
    const message = {
      title: "Blood donation camp 🩸",
      body: "Saturday at 10 am.",
      url: `${ORIGIN}/ur/announcement/a1`,
      lang: "ur",
      dir: "rtl",
    };
    const push = (data: string) => ({ data: { json: () => JSON.parse(data) as unknown } });

    await worker.dispatch("push", push(JSON.stringify(message)));
    await worker.dispatch("push", push(JSON.stringify({ body: "no title" })));
    await worker.dispatch("push", push("not json"));

    expect(worker.notifications).toEqual([
      {
        title: "Blood donation camp 🩸",
        options: expect.objectContaining({
          body: "Saturday at 10 am.",
          lang: "ur",
          dir: "rtl",
          tag: message.url,
          data: { url: message.url },
        }),
      },
    ]);
  });

  test("a tap opens the announcement in a tab of the site already open (focused), else in a new one; never another site's address", async () => {
    const tap = (url: string) => {
      const notification = { data: { url }, closed: false, close() {} };
      return { notification };
    };
    const open = windowAt(`${ORIGIN}/`);
    const elsewhere = windowAt("https://other.example/");
    const withTab = loadWorker({ windows: [elsewhere, open] });
    await withTab.dispatch("notificationclick", tap(`${ORIGIN}/announcement/a1`));
    expect(open).toMatchObject({ focused: true, url: `${ORIGIN}/announcement/a1` });
    expect(elsewhere).toMatchObject({ focused: false, url: "https://other.example/" });
    expect(withTab.done.opened).toEqual([]);

    const withoutTab = loadWorker();
    await withoutTab.dispatch("notificationclick", tap(`${ORIGIN}/announcement/a2`));
    await withoutTab.dispatch("notificationclick", tap("https://phishing.example/"));
    expect(withoutTab.done.opened).toEqual([`${ORIGIN}/announcement/a2`]);
  });
});
