import { PNG } from "pngjs";
import QRCode from "qrcode";

/** Error correction M (15 % of the code may be lost) and the quiet margin readers need: what phones scan at a glance. */
const OPTIONS = { errorCorrectionLevel: "M", margin: 2 } as const;

/** A QR code of `text` as an SVG document, drawn on the server: no script, no other host. */
export const qrCodeSvg = (text: string): Promise<string> => QRCode.toString(text, { ...OPTIONS, type: "svg" });

/**
 * A QR code of `text` as a grey-scale PNG, `scale` pixels a module, for a mail (where SVG is not shown). Made at once
 * (qrcode's own PNG output is a stream), so a mail is rendered in one step.
 */
export function qrCodePng(text: string, scale = 8): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: OPTIONS.errorCorrectionLevel });
  const side = (modules.size + 2 * OPTIONS.margin) * scale;
  const png = new PNG({ width: side, height: side, colorType: 0, inputColorType: 0, inputHasAlpha: false });
  png.data = Buffer.alloc(side * side, 255);
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (!modules.get(row, column)) continue;
      const top = (row + OPTIONS.margin) * scale;
      const left = (column + OPTIONS.margin) * scale;
      for (let y = top; y < top + scale; y++) png.data.fill(0, y * side + left, y * side + left + scale);
    }
  }
  return PNG.sync.write(png, { colorType: 0, inputColorType: 0, inputHasAlpha: false });
}
