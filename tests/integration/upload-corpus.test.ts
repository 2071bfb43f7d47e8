import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { beforeEach, describe, expect, test } from "vitest";
import { answerTestEngines } from "#tests/shared/test-database.ts";
import { toStoredImage } from "#server/repos/images.ts";
import { imageForm, jpegWithGps, post } from "./helpers/admin";
import { sampleJpeg } from "./helpers/seed";
import type { TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";

/**
 * A corpus of hostile uploads. None is stored as sent: each is refused with a clear 400 message and leaves nothing
 * behind, or is decoded and stored re-encoded (AVIF and WebP variants, no metadata, nothing smuggled along), served
 * with its image type and nosniff. DESIGN.md: images only, checked by content not name, re-encoded, SVG refused.
 */

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A 74-byte PNG that declares 50000 × 50000 pixels (2.5 gigapixels, 7.5 GB decoded), with a scrap of pixel data. */
function pixelBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(50_000, 0);
  header.writeUInt32BE(50_000, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk("IHDR", header),
    pngChunk("IDAT", zlib.deflateSync(Buffer.alloc(1000))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A real PNG with a text chunk holding markup, inserted before its pixel data. */
async function pngWithScriptInText(): Promise<Buffer> {
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 90, g: 20, b: 160 } } })
    .png()
    .toBuffer();
  const afterHeader = PNG_SIGNATURE.length + 8 + 13 + 4; // signature, IHDR (length, type, data, crc)
  const text = pngChunk("tEXt", Buffer.from("Comment\0<script>alert('png')</script>", "latin1"));
  return Buffer.concat([png.subarray(0, afterHeader), text, png.subarray(afterHeader)]);
}

/** A real GIF with a comment extension holding markup (a GIF that is also an HTML page when sniffed). */
async function gifWithScriptComment(): Promise<Buffer> {
  const gif = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 10, g: 120, b: 60 } } })
    .gif()
    .toBuffer();
  const packed = gif[10]!;
  const globalTable = packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0;
  const at = 13 + globalTable; // header, logical screen descriptor, global colour table
  const markup = Buffer.from("<html><script>alert('gif')</script></html>", "latin1");
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe, markup.length]), markup, Buffer.from([0x00])]);
  return Buffer.concat([gif.subarray(0, at), comment, gif.subarray(at)]);
}

/** A whole JPEG followed by an HTML page: a valid image to a decoder, a page to a sniffing browser. */
async function jpegThenHtml(): Promise<Buffer> {
  return Buffer.concat([
    await sampleJpeg(800, 600),
    Buffer.from("<!doctype html><html><body><script>alert('jpeg')</script></body></html>"),
  ]);
}

/** Text that must not survive re-encoding (GPS data is checked as EXIF: a 3-byte "GPS" could occur in any image). */
const SMUGGLED = ["<script", "<html", "<svg", "alert(", "LeakyCam"];

interface Case {
  name: string;
  file: () => Promise<{ body: Buffer | string; name: string; type: string }>;
  /** The 400 message, or "stored" when the file is a real image that must come out re-encoded. */
  outcome: string;
}

const NOT_AN_IMAGE = "The file is not a supported image (JPEG, PNG, WebP, AVIF or GIF)";
const DAMAGED = "The image is damaged or incomplete";

const CASES: Case[] = [
  {
    name: "an SVG with a script",
    file: async () => ({
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>',
      name: "logo.svg",
      type: "image/svg+xml",
    }),
    outcome: NOT_AN_IMAGE,
  },
  {
    name: "an SVG named .png",
    file: async () => ({
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" onload="alert(1)"/>',
      name: "logo.png",
      type: "image/png",
    }),
    outcome: NOT_AN_IMAGE,
  },
  {
    name: "an HTML page named .png",
    file: async () => ({
      body: "<!doctype html><html><body><script>alert(1)</script></body></html>",
      name: "photo.png",
      type: "image/png",
    }),
    outcome: NOT_AN_IMAGE,
  },
  {
    name: "a GIF header followed by JavaScript (not a GIF)",
    file: async () => ({ body: "GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=1;alert(document.domain)//", name: "anim.gif", type: "image/gif" }),
    outcome: NOT_AN_IMAGE,
  },
  {
    name: "a pixel bomb (a 74-byte PNG declaring 50000 × 50000)",
    file: async () => ({ body: pixelBomb(), name: "bomb.png", type: "image/png" }),
    outcome: "The image is too large (at most 40 megapixels)",
  },
  {
    name: "a JPEG cut short",
    file: async () => {
      const whole = await sampleJpeg(1200, 900);
      return { body: whole.subarray(0, Math.floor(whole.length * 0.9)), name: "cut.jpg", type: "image/jpeg" };
    },
    outcome: DAMAGED,
  },
  {
    name: "a JPEG missing only its end marker",
    file: async () => {
      const whole = await sampleJpeg(1200, 900);
      return { body: whole.subarray(0, whole.length - 2), name: "cut.jpg", type: "image/jpeg" };
    },
    outcome: DAMAGED,
  },
  {
    name: "a JPEG followed by an HTML page (polyglot)",
    file: async () => ({ body: await jpegThenHtml(), name: "poster.jpg", type: "image/jpeg" }),
    outcome: "stored",
  },
  {
    name: "a GIF whose comment is an HTML page (polyglot)",
    file: async () => ({ body: await gifWithScriptComment(), name: "poster.gif", type: "image/gif" }),
    outcome: "stored",
  },
  {
    name: "a PNG with markup in a text chunk",
    file: async () => ({ body: await pngWithScriptInText(), name: "poster.png", type: "image/png" }),
    outcome: "stored",
  },
  {
    name: "a JPEG with camera and GPS EXIF",
    file: async () => ({ body: await jpegWithGps(), name: "gps.jpg", type: "image/jpeg" }),
    outcome: "stored",
  },
];

/** Every file under a directory, relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((entry) => fs.statSync(path.join(dir, entry)).isFile()).sort();
}

describe.each(answerTestEngines())("the upload corpus on %s", (engine) => {
  const setup = useTestServer(engine, { signedIn: true });
  let server: TestServer;
  let cookie: string;
  beforeEach(() => void ({ server, cookie } = setup));

  const uploadsDir = () => path.join(server.dataDir, "uploads");
  const images = async () => (await server.database.db.selectFrom("images").selectAll().execute()).map(toStoredImage);

  test.each(CASES)("$name: $outcome", async ({ file, outcome }) => {
    const filesBefore = filesUnder(uploadsDir());
    const imagesBefore = (await images()).length;
    const sent = await file();
    const answer = await post(server, "/admin/announcements", imageForm({ files: [sent], description: "Corpus upload check" }), { cookie });

    if (outcome !== "stored") {
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.image).toBe(outcome);
      expect(answer.body.error).toBe(outcome);
      expect(filesUnder(uploadsDir())).toEqual(filesBefore);
      expect((await images()).length).toBe(imagesBefore);
      return;
    }

    expect(answer.status).toBe(200);
    const announcement = await server.database.db
      .selectFrom("announcements")
      .selectAll()
      .where("id", "=", String(answer.body.id))
      .executeTakeFirstOrThrow();
    const { variants } = (await images()).find((image) => image.id === announcement.imageId)!;
    expect(variants.length).toBeGreaterThanOrEqual(2);
    const sentBytes = Buffer.from(sent.body);
    for (const variant of variants) {
      const response = await fetch(`${server.url}/uploads/${variant.key}`);
      expect(response.status, variant.key).toBe(200);
      expect(response.headers.get("content-type"), variant.key).toBe(`image/${variant.format}`);
      expect(response.headers.get("x-content-type-options"), variant.key).toBe("nosniff");
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.equals(sentBytes), variant.key).toBe(false);
      const meta = await sharp(body).metadata();
      expect(meta.format === "heif" ? "avif" : meta.format, variant.key).toBe(variant.format);
      expect(meta.width, variant.key).toBe(variant.width);
      expect(meta.exif, variant.key).toBeUndefined();
      expect(meta.xmp, variant.key).toBeUndefined();
      expect(meta.iptc, variant.key).toBeUndefined();
      await sharp(body).raw().toBuffer(); // decodes to the last pixel
      const text = body.toString("latin1");
      for (const smuggled of SMUGGLED) expect(text, `${variant.key} holds ${smuggled}`).not.toContain(smuggled);
    }
  });

  test("afterwards every image row's files exist, and every file belongs to a row (or is the site's video)", async () => {
    const rows = await images();
    // The announcements stored above, and the content's photos imported on the first start.
    const contentImages = (await server.database.db.selectFrom("images").select("id").where("sourceHash", "is not", null).execute()).length;
    expect(contentImages).toBeGreaterThan(0);
    expect(rows.length).toBe(CASES.filter((c) => c.outcome === "stored").length + contentImages);
    // Beside them, the documentary video the home details name.
    const { documentaryVideo: video } = await server.database.db
      .selectFrom("siteDetails")
      .select("documentaryVideo")
      .executeTakeFirstOrThrow();
    expect(video).toBeTruthy();
    const keys = [...rows.flatMap((row) => row.variants.map((v) => v.key)), video!].sort();
    expect(filesUnder(uploadsDir())).toEqual(keys);
  });
});
