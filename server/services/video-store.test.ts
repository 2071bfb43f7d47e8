import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { localStorage } from "../storage/local-storage";
import { copyVideoToFile, isVideoKey, receiveVideo, storeVideoFile, VideoRefusedError, videoFormatOf } from "./video-store";

const webm = (rest = "") => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]), Buffer.from(`webm${rest}`)]);
const iso = (brand: string, rest = "") => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}${rest}`)]);

describe("telling a video from its first bytes", () => {
  test("MP4 and WebM are videos; QuickTime, Matroska and anything else are not", () => {
    expect(videoFormatOf(iso("isom"))).toBe("mp4");
    expect(videoFormatOf(iso("mp42"))).toBe("mp4");
    expect(videoFormatOf(webm())).toBe("webm");
    expect(videoFormatOf(iso("qt  "))).toBeUndefined();
    expect(
      videoFormatOf(Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88]), Buffer.from("matroska")])),
    ).toBeUndefined();
    expect(videoFormatOf(Buffer.from("<html><body>video</body></html>"))).toBeUndefined();
    expect(videoFormatOf(Buffer.alloc(0))).toBeUndefined();
  });
});

describe("storing videos", () => {
  let dir: string;
  const storage = () => localStorage(path.join(dir, "uploads"));
  const stored = () => fs.readdirSync(path.join(dir, "uploads"), { recursive: true, encoding: "utf8" }).filter((f) => f.includes("."));
  /** An upload arriving in chunks, as a request body does. */
  const upload = (bytes: Buffer) =>
    Readable.from(Array.from({ length: Math.ceil(bytes.length / 1000) }, (_, i) => bytes.subarray(i * 1000, i * 1000 + 1000)));
  const temporaryFolders = () =>
    fs
      .readdirSync(os.tmpdir())
      .filter((name) => name.startsWith("video-"))
      .sort();

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "videos-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("a video is stored once under a key of its bytes, and read back whole", async () => {
    const bytes = webm("x".repeat(5000));
    fs.writeFileSync(path.join(dir, "film.webm"), bytes);
    const key = await storeVideoFile(storage(), path.join(dir, "film.webm"));
    expect(isVideoKey(key)).toBe(true);
    expect(key).toMatch(/\.webm$/);
    expect(await receiveVideo(storage(), upload(bytes), 10_000)).toBe(key);
    expect(stored()).toEqual([key]);

    await copyVideoToFile(storage(), key, path.join(dir, "copy.webm"));
    expect(fs.readFileSync(path.join(dir, "copy.webm")).equals(bytes)).toBe(true);
  });

  test("an upload over the limit or not a video is refused, leaving nothing behind", async () => {
    const before = temporaryFolders();
    await expect(receiveVideo(storage(), upload(iso("isom", "y".repeat(3000))), 2000)).rejects.toEqual(new VideoRefusedError("too-large"));
    await expect(receiveVideo(storage(), upload(Buffer.from("GIF89a, not a video at all")), 2000)).rejects.toEqual(
      new VideoRefusedError("format"),
    );
    expect(fs.existsSync(path.join(dir, "uploads"))).toBe(false);
    expect(temporaryFolders()).toEqual(before);
  });
});
