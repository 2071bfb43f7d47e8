import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import accepts from "accepts";
import type { RequestHandler } from "express";

declare module "node:http" {
  interface ServerResponse {
    /** The names of the headers set, spelled as set (Node has it on every outgoing message; @types/node 20 omits it here). */
    getRawHeaderNames(): string[];
  }
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Browsers ask again every time (a 304 costs nothing); a CDN or reverse proxy in front may answer for 10 s without
 * asking, and for a minute more while it asks in the background (docs/deploy.md).
 */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=10, stale-while-revalidate=60";

/** Brotli's quality for a page's first answers (the default, 11, is kept for all later ones): ~2 ms, not ~100. */
const QUICK_BROTLI_QUALITY = 5;

/** Headers that belong to one response's transfer, not to the page. */
const PER_TRANSFER = new Set(["content-length", "transfer-encoding", "connection", "date", "content-encoding"]);

/** Every header of a page's answer but the transfer's, in order and spelled as sent: [name, value, name, value, …]. */
type SentHeaders = string[];

interface CachedPage {
  headers: Record<string, string>;
  etag: string;
  body: { identity: Buffer; gzip: Buffer; br: Buffer };
  /** A hash of the page's data (React Router's data request for it), of which the page is a function. */
  dataHash: string | undefined;
  /** Whether `body.br` is already the smallest brotli. */
  smallest: boolean;
  /**
   * The headers its answers carried when Express sent them, for requests over HTTPS and over HTTP (which differ by
   * HSTS): the cached-page lane (cached-page-lane.ts) sends the same.
   */
  sent: { secure?: SentHeaders; plain?: SentHeaders };
}

/** A cached page as the cached-page lane sends it. */
export interface ReadyPage {
  etag: string;
  headers: SentHeaders;
  body: CachedPage["body"];
}

/** React Router's data request for a page (with `v8_trailingSlashAwareDataRequests`): `/` is `/_.data`, `/x` is `/x.data`. */
function dataRequestPath(path: string): string {
  return path.endsWith("/") ? `${path}_.data` : `${path}.data`;
}

/** `encodingFor`'s answers, by Accept-Encoding header. */
const encodings = new Map<string, keyof CachedPage["body"]>();
const MAX_REMEMBERED_ENCODINGS = 64;

/**
 * The encoding a cached page is sent in, by `serve` and the cached-page lane alike: brotli whenever the client takes it
 * (browsers list gzip first, but brotli is a quarter smaller here).
 */
export function encodingFor(req: IncomingMessage): keyof CachedPage["body"] {
  const header = req.headers["accept-encoding"] ?? "";
  let encoding = encodings.get(header);
  if (!encoding) {
    const accept = accepts(req);
    encoding = accept.encodings("br") ? "br" : accept.encodings("gzip") ? "gzip" : "identity";
    if (encodings.size < MAX_REMEMBERED_ENCODINGS) encodings.set(header, encoding);
  }
  return encoding;
}

const hashOf = (bytes: Buffer) => crypto.createHash("sha256").update(bytes).digest("base64url").slice(0, 27);

export interface PageCacheOptions {
  /** Whether the page at `url` (its path and query string) is cached. */
  isCached(url: string): boolean;
  /** The address pages are rendered at (PUBLIC_URL): a forged Host header never ends up in a page served to others. */
  publicUrl: string;
  /**
   * React Router's answer to an anonymous visitor, for a page or for its data (`dataRequestPath`); a loader sets
   * `renderFlags.partial` when it drew the page without some data.
   */
  render(request: Request, renderFlags: { partial: boolean }): Promise<Response>;
  /**
   * What the pages draw from the database, as of now: `value` changes whenever it does, and `changesAt` (ms) is when it
   * will change without a write (an announcement scheduled or expiring then).
   */
  version(): Promise<{ value: string; changesAt: number | null }>;
  /** How long pages are served before the version is read again; 0 reads it before every page. */
  checkIntervalMs: number;
  now?: () => number;
  /** Makes a page's smallest brotli (a test holds it back to see the quick one served meanwhile). */
  smallestBrotli?: (page: Buffer) => Promise<Buffer>;
  /** Calls `make` once a new page has stayed current for a while (SMALLEST_BROTLI_AFTER_MS by default); a test calls it at will. */
  onceSettled?: (make: () => void) => void;
}

/** A page's smallest brotli (quality 11), as the cache serves it once the page has settled. */
export const smallestBrotliOf = (page: Buffer): Promise<Buffer> =>
  brotli(page, { params: { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.length } });

/**
 * A page's smallest brotli costs about 100 ms of a core, more than its render. It is made only once the page has stayed
 * current for this long: while an admin's changes come in (twenty photos stored one after another), every version
 * would otherwise cost that core's time the renders and the photos' encoding need, for pages replaced a second later.
 */
const SMALLEST_BROTLI_AFTER_MS = 5_000;

/**
 * The public pages, rendered once per content version, compressed once (brotli and gzip), and answered with the
 * stored bytes, a strong ETag and 304s. A write through this process clears them (`invalidate`); a write through
 * another process sharing the database is seen at the next version read, at most `checkIntervalMs` later. After a
 * clear, a page whose data is what it was (a photo added to one gallery leaves the home page as it was) is served
 * again as it was, for the price of its data request (a few ms) instead of a render. Anything the cache cannot answer
 * (the database is down, a page drawn without some of its data) goes on to React Router.
 */
export function pageCache(options: PageCacheOptions) {
  const {
    now = Date.now,
    onceSettled = (make: () => void) => void setTimeout(make, SMALLEST_BROTLI_AFTER_MS).unref(),
    smallestBrotli = smallestBrotliOf,
  } = options;
  const pages = new Map<string, Promise<CachedPage | undefined>>();
  /** The pages of `pages` rendered and current: what `ready` answers from without waiting. */
  const rendered = new Map<string, CachedPage>();
  /** The pages rendered before the last clear, by path: one whose data has not changed since is served again. */
  const earlier = new Map<string, CachedPage>();
  /** Raised by every clear, so a render begun before a change is not cached after it. */
  let generation = 0;
  let knownVersion: string | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  /** When the pages change by time alone: the version is read again then, whatever the interval. */
  let changesAt: number | null = null;
  let checking: Promise<void> | undefined;

  /** Cached pages visitors asked for since the last write through this process, which draws them again at once. */
  let asked = new Set<string>();
  const redrawing = new Set<string>();
  let redrawLoop: Promise<void> | undefined;

  const invalidate = () => {
    generation += 1;
    for (const [path, rendering] of pages) {
      rendering.then((page) => page && earlier.set(path, page)).catch(() => undefined);
    }
    pages.clear();
    rendered.clear();
    knownVersion = undefined;
  };

  /**
   * After a write, the pages visitors were reading are drawn again one after another, before the next visitor asks:
   * a render takes tens of ms (more while photos are encoded), and this way no visitor waits for it. A page nobody
   * asked for since the last write waits for its first request, so a write costs at most one render per page read.
   */
  function redrawAfterWrite() {
    for (const path of asked) redrawing.add(path);
    asked = new Set();
    redrawLoop ??= (async () => {
      for (const path of redrawing) {
        redrawing.delete(path);
        const startedIn = generation;
        await page(path).catch(() => undefined);
        // Another write came during the render, which is then not kept: this page is drawn again after it.
        if (generation !== startedIn) redrawing.add(path);
      }
    })().finally(() => (redrawLoop = undefined));
  }

  /** Whether the pages held are known to be current without asking the database. */
  function isKnownCurrent(): boolean {
    const current = now();
    // A clock set back (the host's time corrected) counts as the interval passed: the last check is not in the future.
    const fresh = current >= checkedAt && current - checkedAt < options.checkIntervalMs;
    return knownVersion !== undefined && fresh && (changesAt === null || current < changesAt);
  }

  async function ensureCurrent(): Promise<void> {
    if (isKnownCurrent()) return;
    // One read at a time: requests arriving meanwhile wait for it rather than each asking the database.
    checking ??= options
      .version()
      .then((read) => {
        if (read.value !== knownVersion) invalidate();
        knownVersion = read.value;
        changesAt = read.changesAt;
        checkedAt = now();
      })
      .finally(() => (checking = undefined));
    await checking;
  }

  /** Makes the smallest brotli once the page has stayed current (not if the pages were cleared before then). */
  function compressSmallestOnceSettled(cached: CachedPage, startedIn: number) {
    if (cached.smallest) return;
    onceSettled(() => {
      if (generation !== startedIn || cached.smallest) return;
      void smallestBrotli(cached.body.identity).then(
        (smallest) => {
          cached.body.br = smallest;
          cached.smallest = true;
        },
        () => undefined,
      );
    });
  }

  async function render(path: string, startedIn: number): Promise<CachedPage | undefined> {
    const answer = (url: string, renderFlags: { partial: boolean }) =>
      options.render(new Request(new URL(url, options.publicUrl), { headers: { accept: "text/html" } }), renderFlags);
    /** The hash of the page's data as it is now; undefined for data read without some of its parts, or not at all. */
    const readDataHash = async () => {
      const dataFlags = { partial: false };
      const data = await answer(dataRequestPath(path), dataFlags);
      const bytes = Buffer.from(await data.arrayBuffer());
      return data.status === 200 && !dataFlags.partial ? hashOf(bytes) : undefined;
    };
    const dataHash = await readDataHash();
    const before = earlier.get(path);
    earlier.delete(path);
    if (before && dataHash && before.dataHash === dataHash) {
      compressSmallestOnceSettled(before, startedIn);
      return before;
    }

    const renderFlags = { partial: false };
    const response = await answer(path, renderFlags);
    const identity = Buffer.from(await response.arrayBuffer());
    const complete = response.status === 200 && !renderFlags.partial && !response.headers.has("set-cookie");
    if (!complete || response.headers.has("cache-control")) return undefined;
    const headers = Object.fromEntries([...response.headers].filter(([name]) => !PER_TRANSFER.has(name)));
    const [gzipped, quickBrotli, dataHashAfter] = await Promise.all([
      gzip(identity, { level: zlib.constants.Z_BEST_COMPRESSION }),
      brotli(identity, {
        params: { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length, [zlib.constants.BROTLI_PARAM_QUALITY]: QUICK_BROTLI_QUALITY },
      }),
      // A write between the data's read and the render's would leave the page showing data other than the hash's.
      readDataHash(),
    ]);
    const cached: CachedPage = {
      headers,
      etag: `"${hashOf(identity)}"`,
      body: { identity, gzip: gzipped, br: quickBrotli },
      dataHash: dataHashAfter === dataHash ? dataHash : undefined,
      smallest: false,
      sent: {},
    };
    // Served at once with a quick brotli (about a tenth larger), and with the smallest once the page has stayed current.
    compressSmallestOnceSettled(cached, startedIn);
    return cached;
  }

  async function page(path: string): Promise<CachedPage | undefined> {
    await ensureCurrent();
    const cached = pages.get(path);
    if (cached) return cached;
    const startedIn = generation;
    // Requests for a page while it renders share that render; one that is not cached is rendered by React Router.
    const rendering = render(path, startedIn);
    pages.set(path, rendering);
    const forget = () => pages.get(path) === rendering && pages.delete(path);
    rendering.then((page) => {
      if (!page || generation !== startedIn) return forget();
      if (pages.get(path) === rendering) rendered.set(path, page);
    }, forget);
    return rendering;
  }

  const serve: RequestHandler = async (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !options.isCached(req.url)) return next();
    const cached = await page(req.path).catch(() => undefined);
    if (!cached) return next();
    asked.add(req.path);
    res.set(cached.headers).set({ ETag: cached.etag, "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL, Vary: "Accept-Encoding" });
    cached.sent[req.secure ? "secure" : "plain"] ??= res
      .getRawHeaderNames()
      .filter((name) => !PER_TRANSFER.has(name.toLowerCase()))
      .flatMap((name) => [name, String(res.getHeader(name))]);
    if (req.fresh) return void res.status(304).end();
    const encoding = encodingFor(req);
    const body = cached.body[encoding];
    if (encoding !== "identity") res.set("Content-Encoding", encoding);
    res.set("Content-Length", String(body.length)).end(req.method === "HEAD" ? undefined : body);
  };

  /**
   * A write that may change what the public pages show clears the cache once it is answered, unless it was refused
   * with a 4xx (which changes nothing): a page whose render began before then is not kept (`generation`), and until
   * then the write is not done. Not when it arrives as well: twenty photos uploaded in turn would have every page
   * rendered twice as often while they are encoded.
   */
  const invalidateOnWrites =
    (mayChangePages: (path: string) => boolean): RequestHandler =>
    (req, res, next) => {
      if (req.method !== "GET" && req.method !== "HEAD" && mayChangePages(req.path)) {
        res.on("close", () => {
          // Refused (not signed in, bad input, a conflict): it changed nothing.
          if (res.statusCode >= 400 && res.statusCode < 500) return;
          invalidate();
          redrawAfterWrite();
        });
      }
      next();
    };

  /**
   * The page at `path`, when it is held, known current and was sent once over this kind of connection, without
   * waiting for anything; undefined otherwise (then `serve` answers, or React Router).
   */
  const ready = (path: string, secure: boolean): ReadyPage | undefined => {
    const cached = rendered.get(path);
    const headers = cached?.sent[secure ? "secure" : "plain"];
    if (!cached || !headers || !isKnownCurrent()) return undefined;
    asked.add(path);
    return { etag: cached.etag, headers, body: cached.body };
  };

  return { serve, ready, invalidate, invalidateOnWrites };
}
