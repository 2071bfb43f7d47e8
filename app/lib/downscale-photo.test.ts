import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { downscaledSize, jpegSize } from "./downscale-photo";

describe("downscaledSize", () => {
  test("a photo wider than the widest kept size is cut to it, its proportions kept", () => {
    expect(downscaledSize(4000, 3000, 1200)).toEqual({ width: 1200, height: 900 });
    expect(downscaledSize(3000, 4000, 1200)).toEqual({ width: 1200, height: 1600 });
    expect(downscaledSize(4032, 1000, 1200)).toEqual({ width: 1200, height: 298 });
  });

  test("a photo no wider than that is sent as it is", () => {
    expect(downscaledSize(1200, 5000, 1200)).toBeUndefined();
    expect(downscaledSize(800, 600, 1200)).toBeUndefined();
  });

  test("a sliver never comes out 0 pixels high", () => {
    expect(downscaledSize(100_000, 10, 1200)).toEqual({ width: 1200, height: 1 });
  });
});

describe("jpegSize", () => {
  const image = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 100, b: 50 } } });

  test("reads a camera JPEG's width and height from its frame header, past its EXIF (as stored, before orientation)", async () => {
    const jpeg = await image(4032, 3024).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(jpegSize(new Uint8Array(jpeg))).toEqual({ width: 4032, height: 3024 });
    const progressive = await image(640, 480).jpeg({ progressive: true }).toBuffer();
    expect(jpegSize(new Uint8Array(progressive))).toEqual({ width: 640, height: 480 });
  });

  test("gives nothing for another format or a JPEG that ends before its frame header", async () => {
    const png = await image(64, 64).png().toBuffer();
    expect(jpegSize(new Uint8Array(png))).toBeUndefined();
    const jpeg = await image(64, 64).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(jpegSize(new Uint8Array(jpeg.subarray(0, 40)))).toBeUndefined();
    expect(jpegSize(new Uint8Array([0xff, 0xd8, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09]))).toBeUndefined();
  });
});
