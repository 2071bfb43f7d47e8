import crypto from "node:crypto";
import { compressPieces, type GzipPieces } from "./gzip-pieces";

/**
 * A public page as React Router rendered it for an anonymous visitor, with the body cut wherever the CSP nonce
 * goes, so every response can carry its own nonce without rendering again (see render-page.ts).
 */
export interface RenderedPage {
  status: number;
  headers: Record<string, string>;
  /** The body in pieces: joined with a response's nonce, they are that response's HTML. */
  parts: string[];
  /** A complete 200 answer made with all of its data: one that may be served again. */
  cacheable: boolean;
}

export interface CachedPage extends RenderedPage {
  /** Weak: responses differ in their nonce only, which makes them equivalent, not byte for byte the same. */
  etag: string;
  /** The parts as bytes, written as they are: a response allocates no copy of the page. */
  bodyParts: Buffer[];
  /** The parts compressed once, for clients that take gzip. */
  gzip: GzipPieces;
}

export interface HtmlCacheOptions {
  render(path: string): Promise<RenderedPage>;
  /** A value that changes whenever what the pages draw from the database changes (repos.publicContent.version). */
  version(): Promise<string>;
  /** How long pages are served before the version is read again; 0 reads it before every page. */
  checkIntervalMs: number;
  now?: () => number;
}

export interface HtmlCache {
  /** The page at `path`: from the cache when it still holds the truth, else rendered (and kept, when it may be). */
  page(path: string): Promise<CachedPage>;
  /** Forgets every page: a write through this process may have changed any of them. */
  invalidate(): void;
}

/**
 * Rendered pages for anonymous visitors, kept until what they show changes. A write through this process clears
 * them at once (`invalidate`); a write through another process sharing the database, or straight into it, is seen
 * at the next version read, at most `checkIntervalMs` later.
 */
export function htmlCache({ render, version, checkIntervalMs, now = Date.now }: HtmlCacheOptions): HtmlCache {
  const pages = new Map<string, Promise<CachedPage>>();
  /** Raised by every clear, so a render begun before a change is not kept after it. */
  let generation = 0;
  let knownVersion: string | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let checking: Promise<void> | undefined;

  const clear = () => {
    generation += 1;
    pages.clear();
  };

  async function readVersion(): Promise<void> {
    const current = await version();
    if (current !== knownVersion) {
      clear();
      knownVersion = current;
    }
    checkedAt = now();
  }

  async function ensureCurrent(): Promise<void> {
    if (knownVersion !== undefined && now() - checkedAt < checkIntervalMs) return;
    // One read at a time: the requests that arrive meanwhile wait for it rather than each asking the database.
    checking ??= readVersion().finally(() => {
      checking = undefined;
    });
    await checking;
  }

  return {
    async page(path) {
      await ensureCurrent();
      const kept = pages.get(path);
      if (kept) return kept;
      const startedIn = generation;
      // Requests for the same page while it renders share that render.
      const rendering = render(path).then(withEtag);
      pages.set(path, rendering);
      const forget = () => {
        if (pages.get(path) === rendering) pages.delete(path);
      };
      try {
        const page = await rendering;
        if (!page.cacheable || generation !== startedIn) forget();
        return page;
      } catch (error) {
        forget();
        throw error;
      }
    },
    invalidate() {
      clear();
      knownVersion = undefined;
    },
  };
}

function withEtag(page: RenderedPage): CachedPage {
  const hash = crypto.createHash("sha256").update(String(page.status));
  for (const part of page.parts) hash.update("\0").update(part);
  const bodyParts = page.parts.map((part) => Buffer.from(part));
  return { ...page, etag: `W/"${hash.digest("base64url").slice(0, 27)}"`, bodyParts, gzip: compressPieces(bodyParts) };
}
