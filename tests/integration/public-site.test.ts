import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { beforeAll, describe, expect, test } from "vitest";
import { newId } from "#server/db/ids.ts";
import { HELD_MODULE_TYPE } from "#server/http/scripts-after-load.ts";
import { contentListRepo } from "#server/repos/content-lists.ts";
import { settingsRepo } from "#server/repos/settings.ts";
import { siteContentRepo } from "#server/repos/site-content.ts";
import { answerTestEngines } from "#tests/shared/test-database.ts";
import { expectInlineScriptsAllowedByHash } from "./helpers/csp";
import { seedAnnouncement } from "./helpers/seed";
import type { TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";

const get = (server: TestServer, path: string, init?: RequestInit) => fetch(`${server.url}${path}`, { redirect: "manual", ...init });

/** A GET whose body arrives as sent (fetch would decode it), with the headers asked for. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/** Every address the page itself would load (scripts, styles, images, media, icons), not the links it offers. */
function loadedResources(html: string): string[] {
  const urls: string[] = [];
  for (const match of html.matchAll(/<(script|img|source|video|audio|link)\b[^>]*>/g)) {
    const tag = match[0];
    if (match[1] === "link" && !/rel="(stylesheet|modulepreload|preload|icon|manifest|apple-touch-icon)"/.test(tag)) continue;
    for (const attribute of tag.matchAll(/\b(src|href|srcSet|srcset)="([^"]*)"/g)) {
      for (const candidate of attribute[2]!.split(",")) urls.push(candidate.trim().split(/\s+/)[0]!);
    }
  }
  return [...urls, ...moduleImports(html)].filter(Boolean);
}

/** The scripts the page's inline module script imports (the page announces no `modulepreload` links, ADR 017). */
function moduleImports(html: string): string[] {
  return [...html.matchAll(/\bimport\s*(?:[^"';]*?\sfrom\s*)?"([^"]+)"/g)].map((match) => match[1]!);
}

const firstBuiltScript = (html: string) => moduleImports(html).find((url) => /^\/assets\/.+\.js$/.test(url));

describe.each(answerTestEngines())("the public site on %s", (engine) => {
  const setup = useTestServer(engine);
  let server: TestServer;
  beforeAll(() => void (server = setup.server));

  test("/healthz and /readyz answer, and are never cached", async () => {
    const health = await get(server, "/healthz");
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await get(server, "/readyz");
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    // The verdict only: which checks ran, and how they went, is not for the outside.
    expect(await ready.json()).toEqual({ status: "ready" });
  });

  test("the home page is complete HTML: headline, sections in order, Join Us", async () => {
    const response = await get(server, "/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain("Empowering minds, changing lives");
    const positions = ["hero", "about", "collaborator", "resources", "contact"].map((id) => html.indexOf(`id="${id}"`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const text of [
      "About Us",
      "Our Goals",
      "Our Team",
      "Our Collaborator",
      "View Notes",
      "Watch Youtube Channel",
      "Send Message",
      "Join Our WhatsApp Community",
      "Join Us",
    ]) {
      expect(html).toContain(text);
    }
  });

  test("Join Us is left out of the page while the setting hides it", async () => {
    await settingsRepo(server.database.db).setJoinUsVisible(false);
    try {
      const html = await (await get(server, "/")).text();
      expect(html).not.toContain(">Join Us<");
    } finally {
      await settingsRepo(server.database.db).setJoinUsVisible(true);
    }
    expect(await (await get(server, "/")).text()).toContain(">Join Us<");
  });

  test.each(["/", "/announcement", "/events-and-activities", "/explore-smc"])("%s loads nothing from another host", async (path) => {
    const html = await (await get(server, path)).text();
    const resources = loadedResources(html);
    expect(resources.length).toBeGreaterThan(0);
    const foreign = resources.filter((url) => /^(https?:)?\/\//.test(url) && !url.startsWith(server.url));
    expect(foreign).toEqual([]);
  });

  test("an enforced Content-Security-Policy: only the site's files and the page's own inline scripts (by hash) run", async () => {
    const response = await get(server, "/");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const html = await response.text();
    expectInlineScriptsAllowedByHash(html, csp);
    expect(html).not.toMatch(/\son[a-z]+="/); // no inline event handlers
    // The same page, the same policy: nothing in it differs per visitor.
    expect((await get(server, "/")).headers.get("content-security-policy")).toBe(csp);
  });

  test.each([
    ["/join", "Fill the form below to Join us"],
    ["/contact", "Contact Us"],
    ["/admin/login", "Admin Login"],
  ])("%s, where its form lands without JavaScript, is a page of its own", async (path, heading) => {
    const response = await get(server, path);
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
  });

  test.each(["/admin/password", "/admin/announcements", "/admin/logout", "/admin/join-us", "/admin/content/video"])(
    "%s opened in a tab (it only takes posts) answers 405 Method Not Allowed with Allow: POST, not a server error",
    async (path) => {
      for (const method of ["GET", "HEAD"]) {
        const response = await get(server, path, { method });
        expect(response.status, method).toBe(405);
        expect(response.headers.get("allow"), method).toBe("POST");
        expect(await response.text(), method).toBe(method === "GET" ? "Method Not Allowed" : "");
      }
    },
  );

  test("security headers on every page", async () => {
    const headers = (await get(server, "/explore-smc")).headers;
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.get("x-powered-by")).toBeNull();
  });

  test("files carry only the headers a file needs: nosniff and a same-origin resource policy, no page CSP", async () => {
    const html = await (await get(server, "/")).text();
    const script = firstBuiltScript(html);
    const photo = /srcSet="(\/uploads\/content\/[^ "]+)/.exec(html)?.[1];
    for (const file of [script!, photo!]) {
      const headers = (await get(server, file)).headers;
      expect(headers.get("x-content-type-options"), file).toBe("nosniff");
      expect(headers.get("cross-origin-resource-policy"), file).toBe("same-origin");
      // A stored image has only the policy that sandboxes it when opened on its own (security-headers.test.ts).
      expect(headers.get("content-security-policy") ?? "", file).not.toContain("script-src");
    }
  });

  test("an unknown address answers 404 with the not-found page, which no browser or proxy keeps", async () => {
    for (const path of ["/no-such-page", "/admin/no-such-page", "/announcement/no-such-announcement"]) {
      const response = await get(server, path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("cache-control"), path).toBe("no-store");
      expect(await response.text(), path).toContain("not found");
    }
  });

  test("pages are compressed", async () => {
    const response = await get(server, "/", { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  test("photos and built assets are cached forever; their names change when they do", async () => {
    const html = await (await get(server, "/explore-smc")).text();
    const image = /srcSet="(\/uploads\/content\/[^ "]+)/.exec(html)?.[1];
    expect(image).toBeTruthy();
    const imageResponse = await get(server, image!);
    expect(imageResponse.status).toBe(200);
    expect(imageResponse.headers.get("content-type")).toMatch(/^image\/(avif|webp)/);
    expect(imageResponse.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");

    // The CSS is inlined in the page; the scripts are the built assets.
    const asset = firstBuiltScript(html);
    expect(asset).toBeTruthy();
    expect((await get(server, asset!)).headers.get("cache-control")).toBe("public, max-age=31536000, immutable");

    expect((await get(server, "/uploads/content/no-such-photo-1234.webp")).status).toBe(404);
  });

  test("a script goes as the build's own brotli to a browser that takes brotli, compressed as sent to one that takes gzip, whole to one that takes neither", async () => {
    const script = firstBuiltScript(await (await get(server, "/")).text())!;
    const file = path.join(fileURLToPath(new URL("../../build/client", import.meta.url)), script);
    const answers = new Map<string, { headers: http.IncomingHttpHeaders; body: Buffer }>();
    for (const encoding of ["gzip, deflate, br", "gzip", "identity"]) {
      answers.set(encoding, await rawGet(`${server.url}${script}`, { "accept-encoding": encoding }));
    }
    const brotli = answers.get("gzip, deflate, br")!;
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.body.equals(fs.readFileSync(`${file}.br`)), "the bytes of the build's .br file").toBe(true);
    expect(brotli.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(brotli.headers.vary).toContain("Accept-Encoding");
    expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const gzip = answers.get("gzip")!;
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(fs.readFileSync(file))).toBe(true);
    const whole = answers.get("identity")!;
    expect(whole.headers["content-encoding"]).toBeUndefined();
    expect(whole.body.equals(fs.readFileSync(file))).toBe(true);
    expect(brotliDecompressSync(brotli.body).equals(whole.body)).toBe(true);
  });

  test("the gallery pages name every photo: group and position, 44 explore photos", async () => {
    // A slider's first slides arrive in the HTML; the rest join when it nears the screen (the browser suite
    // checks every photo's alt text there).
    const events = await (await get(server, "/events-and-activities")).text();
    expect(events).toContain('alt="Med Doc 1"');
    expect(events).toContain('alt="Med Doc 3"');
    expect(events).toContain('aria-label="1 of 10"');
    expect(events).toContain("Explore our vibrant journey through academic, cultural and community-building events.");
    const explore = await (await get(server, "/explore-smc")).text();
    expect(explore.match(/data-testid="explore-photo"/g)).toHaveLength(44);
  });

  test("each event and activity with photos has its own page, which the menu, the slider headings and the sitemap lead to", async () => {
    const { slug } = await server.database.db
      .selectFrom("galleries")
      .select("slug")
      .where("name", "=", "Med Doc")
      .executeTakeFirstOrThrow();
    const path = `/events-and-activities/${slug}`;
    const page = await get(server, path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<title>Med Doc \| [^<]+<\/title>/);
    expect(html).toContain(`<link rel="canonical" href="${server.url}${path}"/>`);
    // Every photo is in the page's HTML (a grid, not a slider), each named by the gallery and its position.
    for (let position = 1; position <= 10; position++) expect(html).toContain(`alt="Med Doc ${position}"`);

    expect(await (await get(server, "/")).text()).toContain(`href="${path}"`);
    expect(await (await get(server, "/events-and-activities")).text()).toContain(`href="${path}"`);
    expect(await (await get(server, "/sitemap.xml")).text()).toContain(`<loc>${server.url}${path}</loc>`);
  });

  test("an event without photos has no page and no menu entry until it has; an unknown address answers 404", async () => {
    const { db } = server.database;
    const id = newId();
    await contentListRepo(db, "galleries").append(id, {
      kind: "event",
      name: "Photo Walk",
      slug: "photo-walk",
      date: null,
      description: null,
      coverPhotoId: null,
    });
    try {
      await siteContentRepo(db).raiseVersion();
      expect((await get(server, "/events-and-activities/photo-walk")).status).toBe(404);
      expect(await (await get(server, "/")).text()).not.toContain("/events-and-activities/photo-walk");
      expect(await (await get(server, "/sitemap.xml")).text()).not.toContain("photo-walk");
    } finally {
      await db.deleteFrom("galleries").where("id", "=", id).execute();
      await siteContentRepo(db).raiseVersion();
    }
    const unknown = await get(server, "/events-and-activities/no-such-event");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("Page not found");
  });

  test("announcements: the empty state, then newest first with descriptions as plain text", async () => {
    const empty = await (await get(server, "/announcement")).text();
    expect(empty).toContain("No announcement available.");

    const older = await seedAnnouncement(server, { description: "Older one\nsecond line", createdAt: "2026-11-01T10:00:00.000Z" });
    await seedAnnouncement(server, {
      description: "Newest <script>alert(1)</script>",
      googleFormUrl: "https://forms.example.org/newest",
      createdAt: "2026-11-03T10:00:00.000Z",
    });
    const html = await (await get(server, "/announcement")).text();
    expect(html).not.toContain("No announcement available.");
    expect(html.indexOf("Newest &lt;script&gt;")).toBeGreaterThan(0);
    expect(html.indexOf("Newest &lt;script&gt;")).toBeLessThan(html.indexOf("Older one"));
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain('href="https://forms.example.org/newest"');
    expect(html).toContain("Register via Google Form");

    const variant = older.image.variants.find((v) => v.format === "webp")!;
    const upload = await get(server, `/uploads/${variant.key}`);
    expect(upload.status).toBe(200);
    expect(upload.headers.get("content-type")).toBe("image/webp");
    expect(upload.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await get(server, "/uploads/announcements/missing/400.webp")).status).toBe(404);
    expect((await get(server, "/uploads/..%2F..%2Fsite.db")).status).toBe(404);
    // Kept but never served: a signatory's signature image, whatever its key.
    await server.storage.put("private/certificate-signatures/kept.png", Buffer.from("a signature"), "image/png");
    expect((await get(server, "/uploads/private/certificate-signatures/kept.png")).status).toBe(404);
  });

  /**
   * The scripts a page loads at once: the static imports of React Router's module script and the client entry it
   * imports, and theirs in turn (a dynamic `import()` inside a chunk is code that loads on demand).
   */
  async function firstLoadScripts(html: string): Promise<string[]> {
    // React Router's module script, held in the page until it has loaded and painted (ADR 017).
    const moduleScript = new RegExp(`<script type="${HELD_MODULE_TYPE}"[^>]*>([\\s\\S]*?)</script>`).exec(html)?.[1] ?? "";
    const staticImports = (code: string) =>
      [...code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g)].map((m) => m[1]!);
    const queue = [...staticImports(moduleScript), ...[...moduleScript.matchAll(/import\("([^"]+)"\)/g)].map((m) => m[1]!)];
    const seen = new Set<string>();
    while (queue.length > 0) {
      const url = queue.shift()!;
      if (seen.has(url)) continue;
      seen.add(url);
      const code = await (await get(server, url)).text();
      for (const imported of staticImports(code)) queue.push(new URL(imported, `http://site${url}`).pathname);
    }
    return [...seen];
  }

  test("the public pages load their scripts in a few files, with no admin code and nothing that loads on demand", async () => {
    // Markers of code that must not ride along: Radix's switch (admin only), Radix's dialog (the admin's dialogs,
    // and Join Us and the video, which load when wanted), react-hot-toast's styles (loaded on the first toast), the
    // photo lightbox's class names (loaded when a photo is opened), dnd-kit's ids (the admin's lists' dragging), zod
    // (loaded when a form is checked), the admin's content forms, Conform (the contact form's, loaded as the visitor
    // nears it), Radix's roving focus (the events page's tabs are the site's own, ADR 034) and Embla's options (the
    // sliders' code, loaded as the first one nears the screen).
    const markers = [
      "SwitchThumb",
      "DialogOverlay",
      "_goober",
      "yarl__",
      "DndDescribedBy",
      "ZodError",
      "Choose Event or Activity",
      "dataset.conform",
      "RovingFocusGroup",
      "slidesToScroll",
    ];
    for (const path of ["/", "/announcement", "/events-and-activities", "/explore-smc", "/events-and-activities/med-doc"]) {
      const html = await (await get(server, path)).text();
      // The scripts are fetched after the page, not announced in its head (ADR 017).
      expect(html).not.toContain('rel="modulepreload"');
      const scripts = await firstLoadScripts(html);
      expect(scripts.length, `${path}: ${scripts.join(", ")}`).toBeGreaterThan(3);
      expect(scripts.length, `${path}: ${scripts.join(", ")}`).toBeLessThanOrEqual(7);
      let gzipBytes = 0;
      for (const script of scripts) {
        const code = await (await get(server, script)).text();
        for (const marker of markers) expect(code.includes(marker), `${path} loads ${script}, which holds ${marker}`).toBe(false);
        gzipBytes += gzipSync(code, { level: 9 }).length;
      }
      // Issue 40's budget for the JavaScript a page loads with it (docs/performance.md, "Bytes").
      expect(gzipBytes / 1024, `${path}: first-load JavaScript in KiB (gzip -9)`).toBeLessThanOrEqual(130);
    }
  });

  test("robots.txt keeps crawlers out of the admin area", async () => {
    const text = await (await get(server, "/robots.txt")).text();
    expect(text).toContain("Disallow: /admin");
    expect(text).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    const sitemap = await get(server, "/sitemap.xml");
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    const body = await sitemap.text();
    for (const path of ["/", "/announcement", "/events-and-activities", "/explore-smc"])
      expect(body).toContain(`<loc>${server.url}${path}</loc>`);
    expect(body).not.toContain("/admin");
  });
});
