import crypto from "node:crypto";
import { expect } from "vitest";

/** The inline scripts of a page (those without `src`), as the browser hashes them. */
export const inlineScripts = (html: string): string[] =>
  [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(([, body]) => body!);

/**
 * The policy lets the page's own inline scripts run, each by its SHA-256 hash, and nothing else inline: every inline
 * script's hash is in script-src, which holds no nonce and no 'unsafe-inline'.
 */
export function expectInlineScriptsAllowedByHash(html: string, csp: string | null, where = "") {
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp ?? "")?.[1] ?? "";
  expect(scriptSrc, where).not.toMatch(/'nonce-/);
  expect(scriptSrc, where).not.toContain("'unsafe-inline'");
  const scripts = inlineScripts(html);
  expect(scripts.length, where).toBeGreaterThan(0);
  for (const script of scripts) {
    expect(scriptSrc, `${where} ${script.slice(0, 60)}`).toContain(
      `'sha256-${crypto.createHash("sha256").update(script).digest("base64")}'`,
    );
  }
}
