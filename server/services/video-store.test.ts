import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { localStorage } from "#server/storage/local-storage.ts";
import { assembleVideo, copyVideoToFile, isVideoKey, storeVideoFile, VideoRefusedError, videoFormatOf } from "./video-store";

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
  /** A video uploaded in parts of 1000 bytes, each stored: their keys, in order. */
  const storedParts = async (bytes: Buffer) => {
    const keys: string[] = [];
    for (let start = 0; start < bytes.length; start += 1000) {
      const key = `content/video-uploads/test/${keys.length}`;
      await storage().put(key, bytes.subarray(start, start + 1000), "application/octet-stream");
      keys.push(key);
    }
    return keys;
  };
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
    const parts = await storedParts(bytes);
    expect(parts).toHaveLength(6);
    expect(await assembleVideo(storage(), parts, 10_000)).toBe(key);
    expect(stored().filter((file) => file.startsWith("content/video/"))).toEqual([key]);

    await copyVideoToFile(storage(), key, path.join(dir, "copy.webm"));
    expect(fs.readFileSync(path.join(dir, "copy.webm")).equals(bytes)).toBe(true);
  });

  test("parts over the limit in all, or not a video, are refused, storing nothing and leaving no temporary file", async () => {
    const before = temporaryFolders();
    await expect(assembleVideo(storage(), await storedParts(iso("isom", "y".repeat(3000))), 2000)).rejects.toEqual(
      new VideoRefusedError("too-large"),
    );
    await expect(assembleVideo(storage(), await storedParts(Buffer.from("GIF89a, not a video at all")), 2000)).rejects.toEqual(
      new VideoRefusedError("format"),
    );
    await expect(assembleVideo(storage(), ["content/video-uploads/none/0"], 2000)).rejects.toThrow(/missing/);
    expect(fs.existsSync(path.join(dir, "uploads", "content", "video"))).toBe(false);
    expect(temporaryFolders()).toEqual(before);
  });
});
