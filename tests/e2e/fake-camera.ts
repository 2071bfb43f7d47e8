import fs from "node:fs";
import QRCode from "qrcode";

const WIDTH = 640;
const HEIGHT = 480;
/** Pixels per module: a QR code of some 40 modules fills about two thirds of the frame's height. */
const SCALE = 8;

/**
 * A video for Chromium's fake camera (`--use-file-for-fake-video-capture`): a QR code of `text`, black on white, in the
 * middle of a 640×480 frame, as YUV4MPEG2 (4:2:0: grey, so the colour planes are flat). Chromium plays it in a loop.
 */
export function writeQrVideo(file: string, text: string): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const side = modules.size * SCALE;
  const left = Math.floor((WIDTH - side) / 2);
  const top = Math.floor((HEIGHT - side) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      if (modules.get(Math.floor(y / SCALE), Math.floor(x / SCALE))) luma[(top + y) * WIDTH + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]));
}
