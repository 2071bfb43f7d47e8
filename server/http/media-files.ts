import { PLAIN_ANSWERS } from "#core/messages/common.ts";
import { pipeline } from "node:stream/promises";
import type { RequestHandler, Response } from "express";
import rangeParser from "range-parser";
import type { Logger } from "#server/logger.ts";
import { isVideoKey } from "#server/services/video-store.ts";
import type { FileStorage, StoredFileInfo } from "#server/storage/storage.ts";
import { errorMessage } from "#core/errors.ts";

/** Stored files never change under their key (images and videos alike). */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** A video opened on its own may play, and nothing else (an opaque origin, no scripts). */
const MEDIA_CSP = "default-src 'none'; media-src 'self'; frame-ancestors 'none'; sandbox";

/** A file asked for while its store is down: not a 404, since nothing may remember the file as gone. */
export function storeUnavailable(res: Response, what: "Image" | "Video", retryAfterSeconds: number): void {
  res
    .status(503)
    .set({ "Cache-Control": "no-store", "Retry-After": String(retryAfterSeconds) })
    .type("text/plain")
    .send(`${what} store unavailable`);
}

/**
 * Stored videos at /media/<key>, from local files or the bucket alike, in the byte ranges a video player asks for
 * (seeking, and Safari, which plays nothing without them). A key names its bytes, so answers are cached for a year.
 */
export function storedMedia(storage: FileStorage, logger: Logger, retryAfterSeconds: number): RequestHandler {
  const unavailable = (res: Response, error: unknown) => {
    logger.warn({ err: errorMessage(error) }, "stored video could not be read");
    storeUnavailable(res, "Video", retryAfterSeconds);
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
