import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect, test } from "vitest";
import { encodeCache } from "./encode-cache";

const photo = () =>
  sharp({ create: { width: 480, height: 320, channels: 3, background: "#3a7" } })
    .jpeg()
    .toBuffer();

test("a miss is encoded and kept, and read back the next time; a read-only cache keeps nothing it encodes", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "encode-cache-"));
  const input = await photo();

  const readOnly = encodeCache(dir, { readOnly: true });
  const encodedOnce = await readOnly.encode(input);
  expect(fs.readdirSync(dir)).toEqual([]);

  const cache = encodeCache(dir);
  const encoded = await cache.encode(input);
  expect(encoded).toEqual(encodedOnce);
  expect(fs.readdirSync(dir)).toHaveLength(1);
  // What the build kept, run-time imports read.
  expect(await encodeCache(dir, { readOnly: true }).encode(input)).toEqual(encoded);
  expect([...cache.used]).toEqual(fs.readdirSync(dir));
});
