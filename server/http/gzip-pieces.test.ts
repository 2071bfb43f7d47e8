import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, test } from "vitest";
import { compressPieces, gzipWith } from "./gzip-pieces";

const gunzip = (buffers: Buffer[]) => zlib.gunzipSync(Buffer.concat(buffers)).toString();

describe("a gzip stream from pieces compressed once", () => {
  test("decompresses to the pieces with the text between each two, and passes gzip's own checks (CRC-32, length)", () => {
    const pieces = ['<html><script nonce="', '">a()</script><script nonce="', '">b()</script></html>'];
    const compressed = compressPieces(pieces.map((p) => Buffer.from(p)));
    for (const nonce of ["abc", crypto.randomBytes(16).toString("base64")]) {
      expect(gunzip(gzipWith(compressed, Buffer.from(nonce)))).toBe(pieces.join(nonce));
    }
  });

  test("large, repetitive pages shrink as gzip would shrink them", () => {
    const piece = "<li class=\"card\">Announcement text that repeats</li>".repeat(3000);
    const raw = [piece, piece, piece].map((p) => Buffer.from(p));
    const out = Buffer.concat(gzipWith(compressPieces(raw), Buffer.from("n0nce")));
    expect(zlib.gunzipSync(out).toString()).toBe([piece, piece, piece].join("n0nce"));
    expect(out.length).toBeLessThan(zlib.gzipSync(Buffer.concat(raw)).length * 2);
  });

  test("empty pieces, a single piece, and a text longer than one stored block", () => {
    expect(gunzip(gzipWith(compressPieces([Buffer.from("only")]), Buffer.from("unused")))).toBe("only");
    expect(gunzip(gzipWith(compressPieces([Buffer.alloc(0), Buffer.alloc(0)]), Buffer.from("x")))).toBe("x");
    const long = "y".repeat(70_000);
    expect(gunzip(gzipWith(compressPieces([Buffer.from("a"), Buffer.from("b")]), Buffer.from(long)))).toBe(`a${long}b`);
  });
});
