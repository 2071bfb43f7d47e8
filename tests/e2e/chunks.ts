/**
 * Parts of the page that load on demand (the Join Us dialogs, the video dialog, the toast library), seen as a
 * visitor on a slow link sees them: the browser's fetch of the chunk is held until the test lets it through.
 */
import type { Page } from "@playwright/test";

export interface HeldChunk {
  /** The URLs of the held fetches, in order. */
  held: string[];
  /** Lets every held fetch (and any later one) through. */
  release(): void;
}

/** Holds fetches of the chunk named `name` (built as /assets/<name>-<hash>.js) until `release()`. */
export async function holdChunk(page: Page, name: string): Promise<HeldChunk> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), async (route) => {
    held.push(route.request().url());
    await released;
    await route.continue();
  });
  return { held, release };
}
