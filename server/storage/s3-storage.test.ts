import net from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { s3Storage, S3_TIMEOUTS } from "./s3-storage";
import { StorageError } from "./storage";
import { startTestS3Server, type TestS3Server } from "#tests/shared/test-s3-server.ts";

/** How long a call against a bucket that cannot be reached may take with the production timeouts. */
const FAILS_FAST_MS = 3_000;

async function elapsed(work: () => Promise<unknown>): Promise<{ ms: number; error: unknown }> {
  const started = performance.now();
  try {
    await work();
    return { ms: performance.now() - started, error: undefined };
  } catch (error) {
    return { ms: performance.now() - started, error };
  }
}

describe("S3 storage against a real S3-compatible server (s3rver)", () => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startTestS3Server();
  });
  afterAll(async () => {
    await s3?.destroy();
  });

  test("stores, reads back (with its content type) and deletes an object", async () => {
    const storage = s3Storage(s3.location);
    await storage.put("announcements/abc/800.avif", Buffer.from("avif bytes"), "image/avif");
    expect(await storage.get("announcements/abc/800.avif")).toEqual({ body: Buffer.from("avif bytes"), contentType: "image/avif" });
    await storage.delete("announcements/abc/800.avif");
    expect(await storage.get("announcements/abc/800.avif")).toBeUndefined();
  });

  test("a key that was never stored reads as undefined, and deleting it is fine", async () => {
    const storage = s3Storage(s3.location);
    expect(await storage.get("announcements/never/400.webp")).toBeUndefined();
    await expect(storage.delete("announcements/never/400.webp")).resolves.toBeUndefined();
  });

  test("writing a key again replaces its bytes and content type", async () => {
    const storage = s3Storage(s3.location);
    await storage.put("announcements/again/400.webp", Buffer.from("first"), "image/webp");
    await storage.put("announcements/again/400.webp", Buffer.from("second, longer"), "image/avif");
    expect(await storage.get("announcements/again/400.webp")).toEqual({ body: Buffer.from("second, longer"), contentType: "image/avif" });
    await storage.delete("announcements/again/400.webp");
  });

  test("keeps binary bytes intact", async () => {
    const storage = s3Storage(s3.location);
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256));
    await storage.put("announcements/binary/1600.webp", bytes, "image/webp");
    expect((await storage.get("announcements/binary/1600.webp"))?.body.equals(bytes)).toBe(true);
    await storage.delete("announcements/binary/1600.webp");
  });

  test("refuses keys that would leave its folder, before sending anything", async () => {
    const storage = s3Storage(s3.location);
    await expect(storage.put("../outside.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(/unsafe storage key/);
    await expect(storage.get("a/../../etc/passwd")).rejects.toThrow(/unsafe storage key/);
    await expect(storage.delete("/absolute.webp")).rejects.toThrow(/unsafe storage key/);
  });

  test("reports a reachable bucket as writable", async () => {
    await expect(s3Storage(s3.location).checkWritable()).resolves.toBeUndefined();
  });

  test("a bucket that does not exist is named in a clear error", async () => {
    const storage = s3Storage({ ...s3.location, bucket: "no-such-bucket" });
    await expect(storage.checkWritable()).rejects.toThrow(`S3 HeadBucket failed on bucket "no-such-bucket" at 127.0.0.1:`);
    await expect(storage.checkWritable()).rejects.toThrow(/the bucket does not exist \(HTTP 404\)/);
    await expect(storage.put("announcements/x/400.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(/the bucket does not exist/);
  });

  // s3rver checks the access key id but not SigV4 signatures, so a wrong secret cannot be tried here.
  test("an unknown access key says access is denied, without repeating the secret", async () => {
    const storage = s3Storage({ ...s3.location, credentials: { accessKeyId: "NOT-A-KEY", secretAccessKey: "secret-value-1234" } });
    const { error } = await elapsed(() => storage.put("announcements/x/400.webp", Buffer.from("x"), "image/webp"));
    expect(error).toBeInstanceOf(StorageError);
    expect((error as Error).message).toMatch(/access denied \(HTTP 403 InvalidAccessKeyId\): check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/);
    expect((error as Error).message).not.toContain("secret-value-1234");
  });

  test("a stopped server (connection refused) fails every call quickly with a clear error", async () => {
    const down = await startTestS3Server("gone-bucket");
    const storage = s3Storage(down.location);
    await storage.put("announcements/x/400.webp", Buffer.from("x"), "image/webp");
    await down.stop();
    try {
      for (const call of [
        () => storage.put("announcements/y/400.webp", Buffer.from("y"), "image/webp"),
        () => storage.get("announcements/x/400.webp"),
        () => storage.delete("announcements/x/400.webp"),
        () => storage.checkWritable(),
      ]) {
        const { ms, error } = await elapsed(call);
        expect(error).toBeInstanceOf(StorageError);
        expect((error as Error).message).toMatch(
          /^S3 (put|get|delete|HeadBucket).* failed on bucket "gone-bucket" at 127\.0\.0\.1:\d+: unreachable \(ECONNREFUSED/,
        );
        expect(ms).toBeLessThan(FAILS_FAST_MS);
      }
    } finally {
      await down.destroy();
    }
  });

  test("a server that accepts connections but never answers times out instead of hanging", async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on("error", () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const timeouts = { ...S3_TIMEOUTS, requestMs: 300, deadlineMs: 2_000 };
      const storage = s3Storage({ ...s3.location, endpoint: `http://127.0.0.1:${port}` }, timeouts);
      const { ms, error } = await elapsed(() => storage.put("announcements/z/400.webp", Buffer.from("z"), "image/webp"));
      expect(error).toBeInstanceOf(StorageError);
      expect((error as Error).message).toMatch(
        /^S3 put announcements\/z\/400\.webp failed on bucket "society-uploads" at 127\.0\.0\.1:\d+: no answer in time/,
      );
      // Two attempts of 300 ms and a short backoff, well inside the 2 s deadline.
      expect(ms).toBeLessThan(2_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  test("an object whose body stalls after its headers fails within the deadline", async () => {
    const sockets = new Set<net.Socket>();
    const stalling = net.createServer((socket) => {
      sockets.add(socket);
      socket.on("error", () => undefined);
      socket.once("data", () =>
        socket.write("HTTP/1.1 200 OK\r\nContent-Type: image/webp\r\nContent-Length: 1000\r\n\r\n" + "x".repeat(10)),
      );
    });
    await new Promise<void>((resolve) => stalling.listen(0, "127.0.0.1", resolve));
    const { port } = stalling.address() as net.AddressInfo;
    try {
      const timeouts = { ...S3_TIMEOUTS, requestMs: 10_000, deadlineMs: 500 };
      const storage = s3Storage({ ...s3.location, endpoint: `http://127.0.0.1:${port}` }, timeouts);
      const { ms, error } = await elapsed(() => storage.get("announcements/z/400.webp"));
      expect(error).toBeInstanceOf(StorageError);
      expect((error as Error).message).toMatch(
        /^S3 get announcements\/z\/400\.webp failed on bucket "society-uploads" at 127\.0\.0\.1:\d+: no answer in time/,
      );
      expect(ms).toBeLessThan(2_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => stalling.close(resolve));
    }
  });
});
