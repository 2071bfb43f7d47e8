import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, test } from "vitest";
import { crc32Combine, crc32CombineShifted, crc32ShiftFor } from "./crc32-combine";

describe("crc32Combine", () => {
  test("gives zlib's CRC-32 of the concatenation, for random parts of any length, empty ones included", () => {
    for (const [lengthA, lengthB] of [[0, 0], [1, 0], [0, 1], [3, 5], [24, 130_000], [70_000, 24], [1, 1 << 20]]) {
      const a = crypto.randomBytes(lengthA!);
      const b = crypto.randomBytes(lengthB!);
      expect(crc32Combine(zlib.crc32(a), zlib.crc32(b), b.length), `${lengthA} + ${lengthB}`).toBe(zlib.crc32(Buffer.concat([a, b])));
    }
  });

  test("chains: a page's pieces with a text between each two", () => {
    const pieces = ["<html><script nonce=\"", "\">a()</script><script nonce=\"", "\"></script></html>"].map((p) => Buffer.from(p));
    const nonce = Buffer.from(crypto.randomBytes(16).toString("base64"));
    let crc = zlib.crc32(pieces[0]!);
    for (const piece of pieces.slice(1)) crc = crc32Combine(crc32Combine(crc, zlib.crc32(nonce), nonce.length), zlib.crc32(piece), piece.length);
    expect(crc).toBe(zlib.crc32(Buffer.from(pieces.map(String).join(nonce.toString()))));
  });

  test("a shift computed once for a length combines like crc32Combine, for every part of that length", () => {
    const shift = crc32ShiftFor(24);
    let crc = zlib.crc32(Buffer.from("<html>"));
    for (let i = 0; i < 5; i++) {
      const nonce = crypto.randomBytes(18).toString("base64"); // 24 bytes
      expect(crc32CombineShifted(crc, zlib.crc32(nonce), shift)).toBe(crc32Combine(crc, zlib.crc32(nonce), 24));
      crc = crc32CombineShifted(crc, zlib.crc32(nonce), shift);
    }
  });
});
