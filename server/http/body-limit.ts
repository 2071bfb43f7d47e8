import type { RequestHandler } from "express";

/** The public forms (join application, contact message). */
export const PUBLIC_FORM_PATHS = ["/join", "/join.data", "/contact", "/contact.data"];
/** Far above the longest valid application (every field at its cap), far below anything harmful. */
export const PUBLIC_FORM_MAX_BYTES = 64 * 1024;

/**
 * Refuses a body over `maxBytes` with 413 before anything reads it, by its Content-Length. A body without
 * one (chunked) is refused with 411: browsers always send the length of a form, and counting a stream here
 * would mean buffering it. Nothing is read or stored.
 */
export function capRequestBody(maxBytes: number): RequestHandler {
  return (req, res, next) => {
    const declared = req.headers["content-length"];
    const refuse = (status: number, text: string) => {
      res.status(status).set("Connection", "close").type("text/plain").send(text);
      req.resume();
    };
    if (declared === undefined) {
      if (req.headers["transfer-encoding"]) refuse(411, "Length required");
      else next();
      return;
    }
    if (!/^\d+$/.test(declared) || Number(declared) > maxBytes) {
      refuse(413, "Payload too large");
      return;
    }
    next();
  };
}
