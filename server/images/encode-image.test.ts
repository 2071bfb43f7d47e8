import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { IPHONE_HEIC } from "#tests/shared/iphone-heic.ts";
import { encodeImage, ICON_SIZES, PREVIEW, UnsupportedImageError } from "./encode-image";

/** A camera's JPEG: stored sideways with EXIF orientation 6 (turn 90° clockwise), with a GPS position. */
async function sidewaysPhoto(width: number, height: number): Promise<Buffer> {
  // The left half red, the right half blue: once turned upright, red is at the top.
  return sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 255 } } })
    .composite([{ input: { create: { width: width / 2, height, channels: 3, background: { r: 255, g: 0, b: 0 } } }, left: 0, top: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "LeakyCam" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "32/1 4/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "72/1 40/1 0/1" },
    })
    .toBuffer();
}

describe("encodeImage", () => {
  test("a phone photo is turned upright, sized 400/800/1200 in AVIF and WebP with a JPEG link preview, and stripped of every piece of metadata", async () => {
    const encoded = await encodeImage(await sidewaysPhoto(1600, 1200));
    expect([encoded.width, encoded.height]).toEqual([1200, 1600]);
    expect(encoded.variants.map((v) => `${v.format} ${v.width}x${v.height}`)).toEqual([
      "avif 400x533",
      "webp 400x533",
      "avif 800x1067",
      "webp 800x1067",
      "avif 1200x1600",
      "webp 1200x1600",
      "jpeg 1200x630",
    ]);
    expect(encoded.variants.filter((v) => v.preview).map((v) => v.format)).toEqual(["jpeg"]);
    for (const variant of encoded.variants) {
      const meta = await sharp(variant.body).metadata();
      expect([meta.exif, meta.xmp, meta.orientation]).toEqual([undefined, undefined, undefined]);
    }
    // stats() reads its input, not the pipeline's output: the strip is cut out first.
    const strip = await sharp(encoded.variants[1]!.body).extract({ left: 150, top: 20, width: 100, height: 20 }).toBuffer();
    const top = await sharp(strip).stats();
    expect(top.channels[0]!.mean).toBeGreaterThan(200); // red at the top: turned the right way
    expect(top.channels[2]!.mean).toBeLessThan(60);
  });

  test("a picture narrower than the widest size keeps its own width as its largest variant; a logo gets its PNG icons", async () => {
    const logo = await sharp({ create: { width: 600, height: 600, channels: 4, background: { r: 10, g: 90, b: 60, alpha: 1 } } })
      .png()
      .toBuffer();
    const encoded = await encodeImage(logo, { smallWidths: true, icons: true });
    expect(encoded.variants.filter((v) => v.format === "webp").map((v) => v.width)).toEqual([96, 192, 400, 600]);
    expect(encoded.variants.filter((v) => v.format === "png" && !v.preview).map((v) => v.width)).toEqual(Object.values(ICON_SIZES));
  });

  test("a photo's preview keeps the 1200x630 shape, smaller for a small photo, and shows a transparent photo on white", async () => {
    const small = await sharp({ create: { width: 400, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const preview = (await encodeImage(small)).variants.find((v) => v.preview)!;
    expect([preview.format, preview.width, preview.height]).toEqual(["jpeg", 400, 210]);
    const { channels } = await sharp(preview.body).stats();
    expect(channels.map((c) => Math.round(c.mean))).toEqual([255, 255, 255]);
  });

  test("a logo's preview is a 1200x630 PNG card: the logo whole in the middle, white around it", async () => {
    const logo = await sharp({ create: { width: 900, height: 900, channels: 4, background: { r: 200, g: 0, b: 0, alpha: 1 } } })
      .png()
      .toBuffer();
    const encoded = await encodeImage(logo, { smallWidths: true, icons: true });
    const previews = encoded.variants.filter((v) => v.preview);
    expect(previews.map((v) => `${v.format} ${v.width}x${v.height}`)).toEqual([`png ${PREVIEW.width}x${PREVIEW.height}`]);
    const pixel = async (left: number, top: number) => {
      const { data } = await sharp(previews[0]!.body)
        .extract({ left, top, width: 1, height: 1 })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return [...data];
    };
    expect(await pixel(10, 10)).toEqual([255, 255, 255]); // the margin
    expect(await pixel(600, 315)).toEqual([200, 0, 0]); // the logo, whole: 510 px tall, so 60 px from the top and bottom
    expect(await pixel(600, 65)).toEqual([200, 0, 0]);
    expect(await pixel(600, 55)).toEqual([255, 255, 255]);
  });

  test("only photos, when asked: an iPhone's HEIC, a GIF, a text file and a truncated JPEG are refused with their message", async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    const photosOnly = { message: "Choose a photo" };
    await expect(encodeImage(gif, { photosOnly })).rejects.toThrow(new UnsupportedImageError("Choose a photo"));
    await expect(encodeImage(IPHONE_HEIC, { photosOnly })).rejects.toThrow(new UnsupportedImageError("Choose a photo"));
    await expect(encodeImage(Buffer.from("not a photo"), { photosOnly })).rejects.toThrow("Choose a photo");
    const jpeg = await sidewaysPhoto(800, 600);
    await expect(encodeImage(jpeg.subarray(0, jpeg.length / 2))).rejects.toThrow("The image is damaged or incomplete");
  });
});
