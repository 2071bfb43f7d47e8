import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, test } from "vitest";
import { memoryCachedStorage } from "./memory-cached-storage";
import type { FileStorage, StoredFile } from "./storage";

/** A storage in memory that counts its reads, and can be made to fail. */
function countingStorage() {
  const files = new Map<string, StoredFile>();
  const reads: string[] = [];
  let failing = false;
  const storage: FileStorage = {
    async put(key, body, contentType) {
      files.set(key, { body, contentType });
    },
    async get(key) {
      reads.push(key);
      if (failing) throw new Error("store unreachable");
      return files.get(key);
    },
    async putFile(key, sourcePath, contentType) {
      files.set(key, { body: fs.readFileSync(sourcePath), contentType });
    },
    async stat(key) {
      reads.push(key);
      const file = files.get(key);
      return file && { size: file.body.length, contentType: file.contentType };
    },
    async readRange(key, { start, end }) {
      reads.push(key);
      return Readable.from([files.get(key)!.body.subarray(start, end + 1)]);
    },
    async delete(key) {
      files.delete(key);
    },
    async checkWritable() {},
  };
  return { storage, reads, fail: (on: boolean) => (failing = on) };
}

const limits = { maxBytes: 1000, maxFileBytes: 400, keepMs: 60_000 };
const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill);

describe("uploaded files kept in memory", () => {
  test("a file read twice is read from storage once, with the same bytes and a strong ETag of them", async () => {
    const { storage, reads } = countingStorage();
    const cached = memoryCachedStorage(storage, limits);
    await cached.put("a/1.webp", bytes(100), "image/webp");

    const first = await cached.get("a/1.webp");
    const second = await cached.get("a/1.webp");
    expect(reads).toEqual(["a/1.webp"]);
    expect(second).toEqual(first);
    expect(first?.body.equals(bytes(100))).toBe(true);
    expect(first?.contentType).toBe("image/webp");
    expect(first?.etag).toMatch(/^"[\w-]{27}"$/);
  });

  test("different bytes get different ETags", async () => {
    const { storage } = countingStorage();
    const cached = memoryCachedStorage(storage, limits);
    await cached.put("a/1.webp", bytes(100, 1), "image/webp");
    await cached.put("a/2.webp", bytes(100, 2), "image/webp");
    expect((await cached.get("a/1.webp"))?.etag).not.toBe((await cached.get("a/2.webp"))?.etag);
  });

  test("visitors asking for the same file at once share one read", async () => {
    const { storage, reads } = countingStorage();
    const cached = memoryCachedStorage(storage, limits);
    await cached.put("a/1.webp", bytes(100), "image/webp");
    const answers = await Promise.all([cached.get("a/1.webp"), cached.get("a/1.webp"), cached.get("a/1.webp")]);
    expect(reads).toHaveLength(1);
    expect(answers.every((file) => file?.body.length === 100)).toBe(true);
  });

  test("a deleted file is gone at once, here and in storage", async () => {
    const { storage, reads } = countingStorage();
    const cached = memoryCachedStorage(storage, limits);
    await cached.put("a/1.webp", bytes(100), "image/webp");
    await cached.get("a/1.webp");
    await cached.delete("a/1.webp");
    expect(await cached.get("a/1.webp")).toBeUndefined();
    expect(await storage.get("a/1.webp")).toBeUndefined();
    expect(reads).toEqual(["a/1.webp", "a/1.webp", "a/1.webp"]);
  });

  test("a missing file is not remembered as missing: once written, it is found", async () => {
    const { storage } = countingStorage();
    const cached = memoryCachedStorage(storage, limits);
    expect(await cached.get("a/1.webp")).toBeUndefined();
    await storage.put("a/1.webp", bytes(10), "image/webp");
    expect((await cached.get("a/1.webp"))?.body.length).toBe(10);
  });

  test("a storage failure is the caller's to answer, and is not remembered", async () => {
    const { storage, fail } = countingStorage();
    const cached = memoryCachedStorage(storage, limits);
    await cached.put("a/1.webp", bytes(10), "image/webp");
    fail(true);
    await expect(cached.get("a/1.webp")).rejects.toThrow("store unreachable");
    fail(false);
    expect((await cached.get("a/1.webp"))?.body.length).toBe(10);
  });

  test("a file over the per-file limit is served but read from storage every time", async () => {
    const { storage, reads } = countingStorage();
    const cached = memoryCachedStorage(storage, limits);
    await cached.put("big.webp", bytes(500), "image/webp");
    expect((await cached.get("big.webp"))?.body.length).toBe(500);
    expect((await cached.get("big.webp"))?.body.length).toBe(500);
    expect(reads).toEqual(["big.webp", "big.webp"]);
  });

  test("the total stays under its limit: the least recently read file goes first", async () => {
    const { storage, reads } = countingStorage();
    const cached = memoryCachedStorage(storage, limits);
    for (const key of ["1", "2", "3"]) await cached.put(key, bytes(300), "image/webp");
    await cached.get("1");
    await cached.get("2");
    await cached.get("1");
    await cached.get("3"); // 900 of 1000 bytes: a fourth file must push out "2", the least recently read
    await cached.put("4", bytes(300), "image/webp");
    await cached.get("4");
    reads.length = 0;
    await cached.get("1");
    await cached.get("3");
    await cached.get("4");
    expect(reads).toEqual([]);
    await cached.get("2");
    expect(reads).toEqual(["2"]);
  });

  test("a kept file is read again after keepMs, so another instance's delete is seen", async () => {
    const { storage, reads } = countingStorage();
    const cached = memoryCachedStorage(storage, { ...limits, keepMs: 50 });
    await cached.put("a/1.webp", bytes(10), "image/webp");
    await cached.get("a/1.webp");
    await storage.delete("a/1.webp"); // as another instance would, behind this one's back
    expect(await cached.get("a/1.webp")).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await cached.get("a/1.webp")).toBeUndefined();
    expect(reads).toHaveLength(2);
  });

  test("a file read by range (a video) is read from storage every time, and a file stored from disk is forgotten", async () => {
    const { storage, reads } = countingStorage();
    const cached = memoryCachedStorage(storage, limits);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "cached-"));
    try {
      fs.writeFileSync(path.join(folder, "video"), "0123456789");
      await cached.put("v/1.webm", bytes(10), "video/webm");
      await cached.get("v/1.webm");
      await cached.putFile("v/1.webm", path.join(folder, "video"), "video/webm");
      expect((await cached.get("v/1.webm"))?.body.toString()).toBe("0123456789");
      expect(await cached.stat("v/1.webm")).toEqual({ size: 10, contentType: "video/webm" });
      expect(await text(await cached.readRange("v/1.webm", { start: 2, end: 4 }))).toBe("234");
      expect(await text(await cached.readRange("v/1.webm", { start: 2, end: 4 }))).toBe("234");
      expect(reads.filter((key) => key === "v/1.webm")).toHaveLength(5);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
