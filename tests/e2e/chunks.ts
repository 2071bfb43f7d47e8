/**
 * Parts of the page that load on demand (the Join Us dialogs, the video dialog, the toast library) and answers to
 * forms, seen as a visitor on a slow link sees them: the browser's fetch is held until the test lets it through.
 */
import type { Page } from "@playwright/test";

export interface HeldRequests {
  /** The URLs of the held fetches, in order. */
  held: string[];
  /** Lets every held fetch (and any later one) through. */
  release(): void;
}

/** Holds the page's requests matching `url` (a form's data request, a chunk) until `release()`. */
export async function holdRequests(page: Page, url: string | RegExp): Promise<HeldRequests> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route(url, async (route) => {
    held.push(route.request().url());
    await released;
    await route.continue();
  });
  return { held, release };
}

/** Holds the posts to a page's action (its `.data` request) that ask for `intent`, until `release()`; the page's reads pass. */
export async function holdIntent(page: Page, pagePath: string, intent: string): Promise<HeldRequests> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  const asked = new URLSearchParams({ intent }).toString();
  await page.route(`**${pagePath}.data*`, async (route) => {
    const request = route.request();
    if (request.method() === "POST" && (request.postData() ?? "").split("&").includes(asked)) {
      held.push(request.url());
      await released;
    }
    await route.continue();
  });
  return { held, release };
}

/** Holds fetches of the chunk named `name` (built as /assets/<name>-<hash>.js) until `release()`. */
export function holdChunk(page: Page, name: string): Promise<HeldRequests> {
  return holdRequests(page, new RegExp(`/assets/${name}-[\\w-]+\\.js$`));
}
