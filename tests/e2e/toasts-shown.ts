/**
 * Toasts read after the fact: a success toast shows for 2 seconds, which a busy machine can outlast between the click
 * and the check. From the next page load on, the page keeps every text a status region (a toast, a form's outcome) has
 * shown, so a test waits for the state it cares about and then asks whether the toast said what the spec says.
 */
import { expect, type Page } from "@playwright/test";

declare global {
  interface Window {
    shownStatusTexts?: string[];
  }
}

/** From the page's next load on, keeps the text of every `role="status"` element as it appears. */
export async function keepToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown: string[] = (window.shownStatusTexts = []);
    new MutationObserver(() => {
      for (const region of document.querySelectorAll('[role="status"]')) {
        const text = region.textContent?.trim();
        if (text && !shown.includes(text)) shown.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/** Waits until the page has shown `text` in a status region (see keepToasts), however briefly. */
export async function expectToastShown(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => window.shownStatusTexts ?? []), { message: `a toast saying ${text}` }).toContain(text);
}
