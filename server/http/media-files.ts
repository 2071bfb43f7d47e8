import { PLAIN_ANSWERS } from "#core/messages/common.ts";
import { pipeline } from "node:stream/promises";
import type { RequestHandler, Response } from "express";
import rangeParser from "range-parser";
import type { Logger } from "#server/logger.ts";
import { isVideoKey } from "#server/services/video-store.ts";
import { type FileStorage, isPublicKey, type StoredFile, type StoredFileInfo } from "#server/storage/storage.ts";
import { errorMessage } from "#core/errors.ts";

/** Stored files never change under their key (images and videos alike). */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** A video opened on its own may play, and nothing else (an opaque origin, no scripts). */
const MEDIA_CSP = "default-src 'none'; media-src 'self'; frame-ancestors 'none'; sandbox";
/**
 * Uploads are re-encoded images, but should one ever be opened on its own as something else, it may load and run
 * nothing, and sits in a sandbox (an opaque origin, no scripts, no forms).
 */
const UPLOAD_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";
/** Seconds a client should wait before asking again for a file while its store is down. */
const STORAGE_RETRY_AFTER_SECONDS = 30;

/** A file asked for while its store is down: not a 404, since nothing may remember the file as gone. */
function storeUnavailable(res: Response, what: "Image" | "Video"): void {
  res
    .status(503)
    .set({ "Cache-Control": "no-store", "Retry-After": String(STORAGE_RETRY_AFTER_SECONDS) })
    .type("text/plain")
    .send(`${what} store unavailable`);
}

/** Uploaded images at /uploads/<key>, from local files or the bucket alike: the same headers either way. */
export function uploadedImages(storage: FileStorage, logger: Logger): RequestHandler {
  return async (req, res) => {
    const key = (req.params as { key: string[] }).key.join("/");
    let file: StoredFile | undefined;
    try {
      file = isPublicKey(key) ? await storage.get(key) : undefined;
    } catch (error) {
      logger.warn({ err: errorMessage(error) }, "uploaded image could not be read");
      return storeUnavailable(res, "Image");
    }
    if (!file) return void res.status(404).type("text/plain").send(PLAIN_ANSWERS.notFound);
    // With an ETag already set, Express does not hash the bytes for one, and still answers 304 when it matches.
    if (file.etag) res.set("ETag", file.etag);
    res.set({ "Content-Type": file.contentType, "Cache-Control": IMMUTABLE, "Content-Security-Policy": UPLOAD_CSP }).send(file.body);
  };
}

/**
 * Stored videos at /media/<key>, from local files or the bucket alike, in the byte ranges a video player asks for
 * (seeking, and Safari, which plays nothing without them). A key names its bytes, so answers are cached for a year.
 */
export function storedMedia(storage: FileStorage, logger: Logger): RequestHandler {
  const unavailable = (res: Response, error: unknown) => {
    logger.warn({ err: errorMessage(error) }, "stored video could not be read");
    storeUnavailable(res, "Video");
  };

  return async (req, res) => {
    const key = (req.params as { key: string[] }).key.join("/");
    let info: StoredFileInfo | undefined;
    try {
      info = isVideoKey(key) ? await storage.stat(key) : undefined;
    } catch (error) {
      return unavailable(res, error);
    }
    if (!info || info.size === 0) return void res.status(404).type("text/plain").send(PLAIN_ANSWERS.notFound);

    res.set({
      "Accept-Ranges": "bytes",
      "Content-Type": info.contentType,
      "Cache-Control": IMMUTABLE,
      "Content-Security-Policy": MEDIA_CSP,
      ETag: `"${key.slice(key.lastIndexOf("/") + 1)}"`,
    });
    if (req.fresh) return void res.status(304).end();

    const range = requestedRange(req.headers.range, info.size);
    if (range === "unsatisfiable") {
      return void res.status(416).set("Content-Range", `bytes */${info.size}`).end();
    }
    const { start, end } = range ?? { start: 0, end: info.size - 1 };
    if (range) res.status(206).set("Content-Range", `bytes ${start}-${end}/${info.size}`);
    res.set("Content-Length", String(end - start + 1));
    if (req.method === "HEAD") return void res.end();

    let body;
    try {
      body = await storage.readRange(key, { start, end });
    } catch (error) {
      for (const header of ["Content-Range", "ETag"]) res.removeHeader(header);
      return unavailable(res, error);
    }
    // A player that has what it needs closes the connection mid-answer: that is not an error worth a log line.
    await pipeline(body, res).catch((error: unknown) => {
      if (!res.writableFinished && !req.socket.destroyed) logger.warn({ err: errorMessage(error) }, "stored video stopped mid-answer");
    });
  };
}

/**
 * The one range asked for, "unsatisfiable", or undefined for the whole file: no Range header, a malformed one (ignored,
 * as RFC 9110 allows) or several ranges (rare from players; the whole file answers them all).
 */
function requestedRange(header: string | undefined, size: number): { start: number; end: number } | "unsatisfiable" | undefined {
  if (!header) return undefined;
  const ranges = rangeParser(size, header, { combine: true });
  if (ranges === -1) return "unsatisfiable";
  if (ranges === -2 || ranges.type !== "bytes" || ranges.length !== 1) return undefined;
  return ranges[0];
}
