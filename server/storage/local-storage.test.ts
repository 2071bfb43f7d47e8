import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { localStorage } from "./local-storage";

describe("local file storage", () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "storage-"));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  test("stores, reads back and deletes a file", async () => {
    const storage = localStorage(root);
    await storage.put("announcements/abc/800.webp", Buffer.from("bytes"), "image/webp");
    expect(await storage.get("announcements/abc/800.webp")).toEqual({ body: Buffer.from("bytes"), contentType: "image/webp" });
    await storage.delete("announcements/abc/800.webp");
    expect(await storage.get("announcements/abc/800.webp")).toBeUndefined();
    await expect(storage.delete("announcements/abc/800.webp")).resolves.toBeUndefined();
  });

  test("a folder, or a path through a file, reads as not there", async () => {
    const storage = localStorage(root);
    await storage.put("announcements/abc/800.webp", Buffer.from("bytes"), "image/webp");
    expect(await storage.get("announcements/abc")).toBeUndefined();
    expect(await storage.get("announcements/abc/800.webp/more")).toBeUndefined();
  });

  test("refuses keys that would leave its directory", async () => {
    const storage = localStorage(root);
    await expect(storage.put("../outside.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(/unsafe storage key/);
    await expect(storage.get("a/../../etc/passwd")).rejects.toThrow(/unsafe storage key/);
  });

  test("reports whether it can write", async () => {
    await expect(localStorage(path.join(root, "nested")).checkWritable()).resolves.toBeUndefined();
  });

  test("a large file is stored from disk, described without reading it and read by range", async () => {
    const storage = localStorage(path.join(root, "uploads"));
    fs.writeFileSync(path.join(root, "film"), "0123456789");
    await storage.putFile("content/video/a.webm", path.join(root, "film"), "video/webm");
    expect(await storage.stat("content/video/a.webm")).toEqual({ size: 10, contentType: "video/webm" });
    expect(await text(await storage.readRange("content/video/a.webm", { start: 3, end: 5 }))).toBe("345");
    expect(await text(await storage.readRange("content/video/a.webm", { start: 0, end: 9 }))).toBe("0123456789");
    expect(await storage.stat("content/video/missing.webm")).toBeUndefined();
    expect(await storage.stat("content/video")).toBeUndefined();
    await expect(storage.readRange("content/video/missing.webm", { start: 0, end: 1 })).rejects.toThrow(/ENOENT/);
  });
});
