import { MASKABLE_ICON_SIZE } from "#core/app-icons.ts";

/** How much of a maskable icon the logo fills: within the circle every mask keeps (80% of the width), with room to spare. */
const LOGO_SHARE = 0.6;

/**
 * The home-screen icon a phone may cut to its own shape (a circle, a rounded square): the logo whole, small enough that
 * no mask cuts into it, on white (a transparent corner shows black on some launchers).
 */
export async function maskableIcon(logoPng: Buffer): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const side = Math.round(MASKABLE_ICON_SIZE * LOGO_SHARE);
  const logo = await sharp(logoPng)
    .resize(side, side, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  return sharp({ create: { width: MASKABLE_ICON_SIZE, height: MASKABLE_ICON_SIZE, channels: 3, background: "#ffffff" } })
    .composite([{ input: logo, gravity: "centre" }])
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
}
