import { describe, expect, test } from "vitest";
import { htmlCache, type RenderedPage } from "./html-cache";

/** A site whose pages say which render made them, with a version the test moves by hand. */
function fakeSite(options: { checkIntervalMs?: number } = {}) {
  const site = {
    version: "v1",
    versionReads: 0,
    renders: 0,
    clock: 0,
    nextPage: (path: string, n: number): RenderedPage => ({ status: 200, headers: { "content-type": "text/html" }, parts: [`<p>${path} render ${n}</p><script nonce="`, `"></script>`], cacheable: true }),
    pending: undefined as Promise<void> | undefined,
  };
  const cache = htmlCache({
    render: async (path) => {
      site.renders += 1;
      const n = site.renders;
      await site.pending;
      return site.nextPage(path, n);
    },
    version: async () => {
      site.versionReads += 1;
      return site.version;
    },
    checkIntervalMs: options.checkIntervalMs ?? 2000,
    now: () => site.clock,
  });
  const body = async (path: string) => (await cache.page(path)).parts.join("NONCE");
  return { site, cache, body };
}

describe("the HTML cache", () => {
  test("a page is rendered once and then served from the cache", async () => {
    const { site, body } = fakeSite();
    expect(await body("/")).toBe('<p>/ render 1</p><script nonce="NONCE"></script>');
    expect(await body("/")).toBe('<p>/ render 1</p><script nonce="NONCE"></script>');
    expect(site.renders).toBe(1);
  });

  test("within the check interval the database is asked once; after it, again", async () => {
    const { site, body } = fakeSite({ checkIntervalMs: 2000 });
    await body("/");
    site.clock = 1999;
    await body("/");
    expect(site.versionReads).toBe(1);
    site.clock = 2000;
    await body("/");
    expect(site.versionReads).toBe(2);
    expect(site.renders).toBe(1);
  });

  test("a changed version (a write through another instance) clears every page at the next check", async () => {
    const { site, body } = fakeSite({ checkIntervalMs: 2000 });
    await body("/");
    await body("/announcement");
    site.version = "v2";
    site.clock = 1000;
    expect(await body("/")).toContain("render 1"); // still within the interval
    site.clock = 2000;
    expect(await body("/")).toContain("render 3");
    expect(await body("/announcement")).toContain("render 4");
  });

  test("with an interval of 0 every page asks the database first", async () => {
    const { site, body } = fakeSite({ checkIntervalMs: 0 });
    await body("/");
    await body("/");
    expect(site.versionReads).toBe(2);
    expect(site.renders).toBe(1);
    site.version = "v2";
    expect(await body("/")).toContain("render 2");
  });

  test("invalidate (a write through this instance) clears the pages at once", async () => {
    const { site, cache, body } = fakeSite({ checkIntervalMs: 60_000 });
    await body("/");
    cache.invalidate();
    expect(await body("/")).toContain("render 2");
    expect(site.renders).toBe(2);
  });

  test("requests for a page while it renders share one render", async () => {
    const { site, cache } = fakeSite();
    let release!: () => void;
    site.pending = new Promise((resolve) => (release = resolve));
    const pages = Promise.all([cache.page("/"), cache.page("/"), cache.page("/")]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    const [a, b, c] = await pages;
    expect(site.renders).toBe(1);
    expect(a.etag).toBe(b.etag);
    expect(b.etag).toBe(c.etag);
  });

  test("a page rendered before a write is served to those who asked, but not kept after it", async () => {
    const { site, cache, body } = fakeSite();
    let release!: () => void;
    site.pending = new Promise((resolve) => (release = resolve));
    const early = cache.page("/");
    await new Promise((resolve) => setTimeout(resolve, 10));
    cache.invalidate();
    site.pending = undefined;
    release();
    expect((await early).parts.join("")).toContain("render 1");
    expect(await body("/")).toContain("render 2");
  });

  test("a page that may not be kept (an error, a partial render) is served and rendered again next time", async () => {
    const { site, body } = fakeSite();
    site.nextPage = (path, n) => ({ status: 503, headers: {}, parts: [`${path} down ${n}`], cacheable: false });
    expect(await body("/")).toBe("/ down 1");
    expect(await body("/")).toBe("/ down 2");
  });

  test("a failed render is not kept either", async () => {
    const { site, cache, body } = fakeSite();
    const working = site.nextPage;
    site.nextPage = () => {
      throw new Error("render failed");
    };
    await expect(cache.page("/")).rejects.toThrow("render failed");
    site.nextPage = working;
    expect(await body("/")).toContain("render 2");
  });

  test("a version that cannot be read fails the request, and the next one asks again", async () => {
    let fail = true;
    const cache = htmlCache({
      render: async () => ({ status: 200, headers: {}, parts: ["ok"], cacheable: true }),
      version: async () => {
        if (fail) throw new Error("database unreachable");
        return "v1";
      },
      checkIntervalMs: 2000,
    });
    await expect(cache.page("/")).rejects.toThrow("database unreachable");
    fail = false;
    expect((await cache.page("/")).parts).toEqual(["ok"]);
  });

  test("the ETag is weak, and changes with the page", async () => {
    const { site, cache } = fakeSite({ checkIntervalMs: 0 });
    const first = (await cache.page("/")).etag;
    expect(first).toMatch(/^W\/"[\w-]{27}"$/);
    expect((await cache.page("/")).etag).toBe(first);
    site.version = "v2";
    expect((await cache.page("/")).etag).not.toBe(first);
  });
});
