import crypto from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";

/** A fresh nonce per request; React Router's inline scripts carry it, nothing else inline may run. */
export const assignCspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
};

/**
 * Enforced Content-Security-Policy (no script without this request's nonce, nothing from another host),
 * HSTS behind HTTPS, nosniff, a strict Referrer-Policy, and no framing. In development Vite's client needs
 * inline scripts and a websocket, so the policy is left off there.
 */
export function securityHeaders({ https, development }: { https: boolean; development: boolean }): RequestHandler {
  return helmet({
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
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    xFrameOptions: { action: "deny" },
  });
}
