import crypto from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";

/** A fresh nonce for one response's Content-Security-Policy. */
export const newCspNonce = (): string => crypto.randomBytes(16).toString("base64");

/** A fresh nonce per request; React Router's inline scripts carry it, nothing else inline may run. */
export const assignCspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = newCspNonce();
  next();
};

export interface SecurityHeadersOptions {
  /** PUBLIC_URL is on https:// (the operator says visitors reach the site over HTTPS only). */
  https: boolean;
  development: boolean;
  /** Express's "trust proxy" setting (TRUST_PROXY); false when no proxy is trusted. */
  trustProxy: boolean | number | string;
}

/** One year, subdomains included. */
const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Strict-Transport-Security goes out only when PUBLIC_URL is on https:// (a site configured for plain HTTP never pins
 * its host, and its subdomains, to HTTPS for a year), and never on an answer known to travel over plain HTTP
 * (RFC 6797 7.2): when a proxy is trusted, the request must have reached it over HTTPS (`X-Forwarded-Proto: https`,
 * which Express believes only from a trusted proxy). With no trusted proxy the server cannot tell, and PUBLIC_URL decides.
 */
export function strictTransportSecurity({ https, trustProxy }: Pick<SecurityHeadersOptions, "https" | "trustProxy">): RequestHandler {
  return (req, res, next) => {
    if (https && (trustProxy === false || req.secure)) res.setHeader("Strict-Transport-Security", HSTS);
    next();
  };
}

/**
 * Enforced Content-Security-Policy (no script without this request's nonce, nothing from another host),
 * HSTS behind HTTPS, nosniff, a strict Referrer-Policy, and no framing. In development Vite's client needs
 * inline scripts and a websocket, so the policy is left off there.
 *
 * Kept public pages replay what these set, recorded once at start (document-headers.ts): they may only call
 * `setHeader` and `removeHeader`, and must pass the request on at once.
 */
export function securityHeaders({ https, development, trustProxy }: SecurityHeadersOptions): RequestHandler[] {
  return [strictTransportSecurity({ https, trustProxy }), helmet({
    contentSecurityPolicy: development
      ? false
      : {
          useDefaults: false,
          directives: {
            "default-src": ["'self'"],
            "script-src": ["'self'", (_req, res) => `'nonce-${(res as unknown as { locals: { cspNonce: string } }).locals.cspNonce}'`],
            // React's style attributes and the toast library's injected <style> need inline styles; scripts stay locked.
            "style-src": ["'self'", "'unsafe-inline'"],
            "img-src": ["'self'", "data:", "blob:"],
            "media-src": ["'self'"],
            "font-src": ["'self'"],
            "connect-src": ["'self'"],
            "manifest-src": ["'self'"],
            "worker-src": ["'none'"],
            "object-src": ["'none'"],
            "base-uri": ["'self'"],
            "form-action": ["'self'"],
            "frame-ancestors": ["'none'"],
            ...(https ? { "upgrade-insecure-requests": [] } : {}),
          },
        },
    strictTransportSecurity: false, // strictTransportSecurity() above: it depends on the request
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
  })];
}
