import { PNG } from "pngjs";
import QRCode from "qrcode";
import { expect, test } from "vitest";
import { qrCodePng } from "./qr-code";

test("the mail's PNG has the same modules, margin and scale as qrcode's own PNG of the same text", async () => {
  const text = "https://society.example/ticket?token=AaJLQIFbcJywuEjP1cAds562rBGkvZTgCwZKPAdU8Nk";
  const ours = PNG.sync.read(qrCodePng(text, 4));
  const theirs = PNG.sync.read(await QRCode.toBuffer(text, { type: "png", errorCorrectionLevel: "M", margin: 2, scale: 4 }));
  expect([ours.width, ours.height]).toEqual([theirs.width, theirs.height]);
  // Both read back as RGBA: each pixel black or white, the same in both.
  const darkOf = (png: PNG) => Array.from({ length: png.width * png.height }, (_, pixel) => png.data[pixel * 4]! < 128);
  expect(darkOf(ours)).toEqual(darkOf(theirs));
  expect(darkOf(ours).filter(Boolean).length).toBeGreaterThan(100);
});
