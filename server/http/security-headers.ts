import crypto from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";

export interface SecurityHeadersOptions {
  /** PUBLIC_URL is on https:// (the operator says visitors reach the site over HTTPS only). */
  https: boolean;
  /** Express's "trust proxy" setting (TRUST_PROXY); false when no proxy is trusted. */
  trustProxy: false | number | string;
}

/** One year, subdomains included. */
const HSTS = "max-age=31536000; includeSubDomains";

/**
 * HSTS behind HTTPS, nosniff, a strict Referrer-Policy and no framing (helmet). Strict-Transport-Security goes out
 * only when PUBLIC_URL is on https:// (a site configured for plain HTTP never pins its host, and its subdomains, to
 * HTTPS for a year), and never on an answer known to travel over plain HTTP (RFC 6797 7.2): when a proxy is trusted,
 * the request must have reached it over HTTPS (`X-Forwarded-Proto`, which Express believes only from a trusted
 * proxy). The Content-Security-Policy belongs to each rendered document (documentPolicy), not to these.
 */
export function securityHeaders({ https, trustProxy }: SecurityHeadersOptions): RequestHandler[] {
  const hsts: RequestHandler = (req, res, next) => {
    if (https && (trustProxy === false || req.secure)) res.setHeader("Strict-Transport-Security", HSTS);
    next();
  };
  return [
    hsts,
    helmet({
      contentSecurityPolicy: false,
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      xFrameOptions: { action: "deny" },
    }),
  ];
}

/** A secret for one render: React Router writes it as the nonce of every inline script it makes (takeServerScripts). */
export const newScriptMarker = (): string => crypto.randomBytes(18).toString("base64url");

/**
 * The inline scripts the server itself wrote into a page, and the page as it is sent. `<ServerRouter nonce={marker}>`
 * hands `marker` to every place React Router writes an inline script (the hydration context, the route modules' import,
 * each chunk of the streamed loader data and its close, scroll restoration), and each writes it as that script's
 * `nonce`. Only those scripts are taken; any other `<script>` in the page (one a bug let text write) is not, so the
 * policy does not allow it. The marker is new for every render and made after the page's content was stored, so no
 * content can carry it; it is then removed, so the page is the same bytes for every visitor and every render.
 */
export function takeServerScripts(html: string, marker: string): { html: string; scripts: string[] } {
  const nonce = ` nonce="${marker}"`;
  const scripts: string[] = [];
  // React writes each script's attributes in one start tag, and React Router escapes every "<" inside its scripts.
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (attributes!.includes(nonce)) scripts.push(body!);
  }
  return { html: html.replaceAll(nonce, ""), scripts };
}

/**
 * The enforced Content-Security-Policy of a rendered page: no script but the site's own files and `scripts`, the inline
 * scripts the server itself wrote into it (takeServerScripts, and root.tsx's own), each allowed by its SHA-256 hash. No
 * nonce, so a page is the same bytes for every visitor and can be cached whole; no 'unsafe-inline' for scripts.
 * React's style attributes and the toast library's injected <style> need inline styles.
 */
export function documentPolicy(scripts: readonly string[], { https }: { https: boolean }): string {
  const hashes = scripts.map((script) => `'sha256-${crypto.createHash("sha256").update(script).digest("base64")}'`);
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...new Set(hashes)],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "media-src": ["'self'"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "manifest-src": ["'self'"],
    // The ticket page's service worker (public/ticket-sw.js); the check-in screen's QR decoder (qr-scanner) runs in a
    // worker it makes from a blob of its own code.
    "worker-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    // The Blood section's WhatsApp and Call buttons post to the site, which answers 303 to wa.me or tel: (browsers
    // hold a form's redirect to form-action too).
    "form-action": ["'self'", "https://wa.me", "tel:"],
    "frame-ancestors": ["'none'"],
    ...(https ? { "upgrade-insecure-requests": [] } : {}),
  };
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(" "))
    .join("; ");
}
