import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterEach, describe, expect, test } from "vitest";
import { PUBLIC_PAGE_CACHE_CONTROL, pageCache, type PageCacheOptions } from "./page-cache";

/** A site whose pages say which render made them, with a version and a clock the test moves by hand. */
async function fakeSite(options: Partial<PageCacheOptions> = {}) {
  const site = {
    version: "v1",
    /** When the version changes by time alone (an announcement scheduled then), as the database says it. */
    changesAt: null as number | null,
    versionReads: 0,
    renders: 0,
    /** What each page's data request answers, by page path; unless set, data that changes with the version and every write. */
    data: {} as Record<string, string>,
    writes: 0,
    dataReads: 0,
    clock: 0,
    status: 200,
    partial: false,
    /** While set, renders wait for it. */
    pending: undefined as Promise<void> | undefined,
    fail: false,
  };
  const cache = pageCache({
    isCached: (url) => ["/", "/announcement"].includes(url),
    publicUrl: "https://society.example",
    render: async (request, renderFlags) => {
      const { pathname } = new URL(request.url);
      if (pathname.endsWith(".data")) {
        site.dataReads += 1;
        renderFlags.partial = site.partial;
        const data = site.data[pathname.replace(/_?\.data$/, "")] ?? `data of ${site.version} after ${site.writes} writes`;
        return new Response(data, { status: site.status });
      }
      site.renders += 1;
      const n = site.renders;
      await site.pending;
      if (site.fail) throw new Error("render failed");
      renderFlags.partial = site.partial;
      const page = `<p>${new URL(request.url).href} render ${n}</p>`;
      return new Response(page, {
        status: site.status,
        headers: { "Content-Type": "text/html", "Content-Security-Policy": "script-src 'self'" },
      });
    },
    version: async () => {
      site.versionReads += 1;
      return { value: site.version, changesAt: site.changesAt };
    },
    checkIntervalMs: 2000,
    now: () => site.clock,
    ...options,
  });
  const app = express();
  app.use(cache.invalidateOnWrites((path) => path.startsWith("/admin/")));
  app.use(cache.serve);
  app.use((req, res) => {
    if (req.path === "/admin/refused") return void res.status(403).send("Forbidden");
    if (req.method === "POST") site.writes += 1;
    res.status(299).send(`React Router renders ${req.url}`);
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  servers.push(server);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${url}${path}`, { headers });
  const body = async (path: string) => (await get(path)).text();
  return { site, cache, url, get, body };
}

const servers: { close(): void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

describe("the page cache", () => {
  test("a page is rendered once, at PUBLIC_URL, and served with its own headers, a strong ETag and a CDN's Cache-Control", async () => {
    const { site, get } = await fakeSite();
    const first = await get("/", { Host: "evil.example" });
    expect(await first.text()).toBe("<p>https://society.example/ render 1</p>");
    expect(await (await get("/")).text()).toBe("<p>https://society.example/ render 1</p>");
    expect(site.renders).toBe(1);
    expect(first.headers.get("content-security-policy")).toBe("script-src 'self'");
    expect(first.headers.get("etag")).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers.get("cache-control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    expect(first.headers.get("vary")).toBe("Accept-Encoding");
  });

  test("the stored bytes travel brotli- or gzip-compressed as the client takes them, and a matching ETag gets 304", async () => {
    const { url, get } = await fakeSite();
    const page = "<p>https://society.example/ render 1</p>";
    const brotli = await rawGet(`${url}/`, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(page);
    const gzip = await rawGet(`${url}/`, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(page);
    const plain = await rawGet(`${url}/`, {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(page);

    const revalidated = await rawGet(`${url}/`, { "if-none-match": (await get("/")).headers.get("etag")! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    const head = await rawGet(`${url}/`, {}, "HEAD");
    expect(head.headers["content-length"]).toBe(String(Buffer.byteLength(page)));
    expect(head.body.length).toBe(0);
  });

  test("a new page's first brotli is a quick one; once the page has stayed current, the smallest is made and served, same ETag", async () => {
    // A page long enough for the two qualities to differ.
    const long = Array.from({ length: 400 }, (_, n) => `<li>Item ${n}: ${"abcdefghij".repeat(n % 7)}</li>`).join("");
    const smallest = zlib.brotliCompressSync(long);
    const settled: (() => void)[] = [];
    const { url } = await fakeSite({
      render: async () => new Response(long, { headers: { "Content-Type": "text/html" } }),
      smallestBrotli: async () => smallest,
      onceSettled: (make) => settled.push(make),
    });
    const first = await rawGet(`${url}/`, { "accept-encoding": "br" });
    expect(zlib.brotliDecompressSync(first.body).toString()).toBe(long);
    expect(first.body.length).toBeGreaterThan(smallest.length);
    expect(settled).toHaveLength(1);
    settled[0]!();
    await expect.poll(async () => (await rawGet(`${url}/`, { "accept-encoding": "br" })).body.length).toBe(smallest.length);
    const later = await rawGet(`${url}/`, { "accept-encoding": "br" });
    expect(later.body.equals(smallest)).toBe(true);
    expect(later.headers.etag).toBe(first.headers.etag);
    expect(later.headers["content-length"]).toBe(String(smallest.length));
  });

  test("a page replaced before it has stayed current never has its smallest brotli made", async () => {
    const settled: (() => void)[] = [];
    let smallestMade = 0;
    const { site, cache, body } = await fakeSite({
      smallestBrotli: async (page) => {
        smallestMade += 1;
        return zlib.brotliCompressSync(page);
      },
      onceSettled: (make) => settled.push(make),
    });
    await body("/");
    site.writes += 1;
    cache.invalidate();
    expect(await body("/")).toContain("render 2");
    settled[0]!();
    expect(smallestMade).toBe(0);
    settled[1]!();
    expect(smallestMade).toBe(1);
  });

  test("a query string, another path or a write goes on to React Router", async () => {
    const { site, url, body } = await fakeSite();
    expect(await body("/?contact=sent")).toBe("React Router renders /?contact=sent");
    expect(await body("/admin")).toBe("React Router renders /admin");
    expect(await (await fetch(`${url}/`, { method: "POST" })).text()).toBe("React Router renders /");
    expect(site.renders).toBe(0);
  });

  test("within the check interval the database is asked once; a changed version then clears every page", async () => {
    const { site, body } = await fakeSite();
    await body("/");
    await body("/announcement");
    site.clock = 1999;
    site.version = "v2";
    expect(await body("/")).toContain("render 1");
    expect(site.versionReads).toBe(1);
    site.clock = 2000;
    expect(await body("/")).toContain("render 3");
    expect(await body("/announcement")).toContain("render 4");
  });

  test("a time at which the pages change (an announcement scheduled then) is kept to, whatever the interval", async () => {
    const { site, body } = await fakeSite({ checkIntervalMs: 60_000 });
    site.changesAt = 500;
    await body("/");
    site.clock = 499;
    expect(await body("/")).toContain("render 1");
    expect(site.versionReads).toBe(1);
    // The database now counts one more passed publish time, and names no later one.
    site.version = "v2";
    site.changesAt = null;
    site.clock = 500;
    expect(await body("/")).toContain("render 2");
    expect(site.versionReads).toBe(2);
    site.clock = 59_000;
    expect(await body("/")).toContain("render 2");
    expect(site.versionReads).toBe(2);
  });

  test("with an interval of 0 every page asks the database first", async () => {
    const { site, body } = await fakeSite({ checkIntervalMs: 0 });
    await body("/");
    await body("/");
    expect(site.versionReads).toBe(2);
    expect(site.renders).toBe(1);
  });

  test("a clock set back (the host's time corrected) asks the database again before the next page", async () => {
    const { site, body } = await fakeSite({ checkIntervalMs: 0 });
    site.clock = 7_200_000;
    await body("/announcement");
    site.clock = 0;
    site.version = "v2";
    expect(await body("/announcement")).toContain("render 2");
  });

  test("invalidate (a write through this process) clears the pages at once", async () => {
    const { site, cache, body } = await fakeSite({ checkIntervalMs: 60_000 });
    await body("/");
    site.writes += 1;
    cache.invalidate();
    expect(await body("/")).toContain("render 2");
    expect(site.renders).toBe(2);
  });

  test("a write the predicate names clears the pages; other writes and reads keep them", async () => {
    const { site, body, url } = await fakeSite();
    await body("/");
    await fetch(`${url}/contact`, { method: "POST" });
    await fetch(`${url}/admin/x`);
    expect(await body("/")).toContain("render 1");
    await fetch(`${url}/admin/x`, { method: "POST" });
    expect(await body("/")).toContain("render 2");
    expect(site.renders).toBe(2);
  });

  test("a write draws again, before anyone asks, the pages read since the last write; an unread page waits for its first request", async () => {
    const { site, body, url } = await fakeSite();
    await body("/");
    await fetch(`${url}/admin/x`, { method: "POST" });
    while (site.renders < 2) await new Promise((resolve) => setTimeout(resolve, 1));
    expect(await body("/")).toContain("render 2");
    expect(await body("/announcement")).toContain("render 3");
    expect(site.renders).toBe(3);
  });

  test("a write during a page's redraw: that render is not kept, and the page is drawn again after the write", async () => {
    const { site, body, url } = await fakeSite();
    await body("/");
    let release!: () => void;
    site.pending = new Promise((resolve) => (release = resolve));
    await fetch(`${url}/admin/x`, { method: "POST" });
    while (site.renders < 2) await new Promise((resolve) => setTimeout(resolve, 1));
    await fetch(`${url}/admin/x`, { method: "POST" });
    site.pending = undefined;
    release();
    while (site.renders < 3) await new Promise((resolve) => setTimeout(resolve, 1));
    expect(await body("/")).toContain("render 3");
    expect(site.renders).toBe(3);
  });

  test("after a write, a page whose data is as it was is served again without a render; one whose data changed is drawn", async () => {
    const { site, get, body, url } = await fakeSite({ checkIntervalMs: 60_000 });
    site.data["/"] = "the home page's data";
    const first = await get("/");
    await body("/announcement");
    await fetch(`${url}/admin/x`, { method: "POST" });
    const again = await get("/");
    expect(await again.text()).toContain("render 1");
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(await body("/announcement")).toContain("render 3");
    expect(site.renders).toBe(3);
    site.data["/"] = "the home page's new data";
    await fetch(`${url}/admin/x`, { method: "POST" });
    expect(await body("/")).toContain("render 4");
  });

  test("a page whose data was read without some of its parts is drawn again, not served as it was", async () => {
    const { site, cache, body } = await fakeSite({ checkIntervalMs: 60_000 });
    site.data["/"] = "the home page's data";
    await body("/");
    cache.invalidate();
    site.partial = true;
    expect(await body("/")).toBe("React Router renders /");
    expect(site.renders).toBe(2);
  });

  test("a write refused with a 4xx changed nothing: the pages stay, and none is drawn again", async () => {
    const { site, body, url } = await fakeSite();
    await body("/");
    expect((await fetch(`${url}/admin/refused`, { method: "POST" })).status).toBe(403);
    expect(await body("/")).toContain("render 1");
    expect(site.dataReads).toBe(2);
  });

  test("a page whose data changed while it rendered is drawn again after the next clear, even if the data changed back", async () => {
    const { site, cache, body } = await fakeSite({ checkIntervalMs: 60_000 });
    site.data["/"] = "A";
    let release!: () => void;
    site.pending = new Promise((resolve) => (release = resolve));
    const first = body("/");
    while (site.renders === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    // A write lands between the data's read and the render's: the page shows B, not the A its data was read as.
    site.data["/"] = "B";
    release();
    expect(await first).toContain("render 1");
    site.pending = undefined;
    site.data["/"] = "A";
    cache.invalidate();
    expect(await body("/")).toContain("render 2");
  });

  test("requests for a page while it renders share one render", async () => {
    const { site, body } = await fakeSite();
    let release!: () => void;
    site.pending = new Promise((resolve) => (release = resolve));
    const pages = Promise.all([body("/"), body("/"), body("/")]);
    while (site.renders === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    release();
    expect(new Set(await pages)).toEqual(new Set(["<p>https://society.example/ render 1</p>"]));
    expect(site.renders).toBe(1);
  });

  test("a page rendered before a write is served to those who asked, but not cached after it", async () => {
    const { site, cache, body } = await fakeSite();
    let release!: () => void;
    site.pending = new Promise((resolve) => (release = resolve));
    const early = body("/");
    while (site.renders === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    site.writes += 1;
    cache.invalidate();
    site.pending = undefined;
    release();
    expect(await early).toContain("render 1");
    expect(await body("/")).toContain("render 2");
  });

  test("a page that may not be cached (not 200, drawn without some data, a failed render) goes to React Router", async () => {
    const { site, body } = await fakeSite();
    site.status = 503;
    expect(await body("/")).toBe("React Router renders /");
    site.status = 200;
    site.partial = true;
    expect(await body("/")).toBe("React Router renders /");
    site.partial = false;
    site.fail = true;
    expect(await body("/")).toBe("React Router renders /");
    site.fail = false;
    expect(await body("/")).toContain("render 4");
  });

  test("a version that cannot be read sends the request to React Router, and the next one asks again", async () => {
    let fail = true;
    const { body } = await fakeSite({
      version: async () => {
        if (fail) throw new Error("database unreachable");
        return { value: "v1", changesAt: null };
      },
    });
    expect(await body("/")).toBe("React Router renders /");
    fail = false;
    expect(await body("/")).toContain("render 1");
  });
});

/** A request with exactly these headers, the body as it travelled (fetch would decompress it and add its own headers). */
function rawGet(url: string, headers: Record<string, string>, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .request(url, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject)
      .end();
  });
}
