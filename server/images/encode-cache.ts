import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ENCODER_FINGERPRINT, type EncodedImage, type EncodeOptions, encodeImage } from "./encode-image";

/** Where `npm run build` leaves the encodings of the starting content's photos, for the first start to reuse. */
export const ENCODE_CACHE_DIR = path.resolve(".generated/encoded");

interface CachedEntry {
  width: number;
  height: number;
  variants: Array<{ format: EncodedImage["variants"][number]["format"]; width: number; height: number; file: string }>;
}

/**
 * `encodeImage` remembered on disk, keyed by the file's bytes, the options and the encoder's settings: the build
 * encodes the starting content's ~180 photos once (about a minute on two cores; the result is committed, ADR 043), and
 * every fresh install or test server that imports them copies the result instead of encoding again. `readOnly`: a
 * miss is encoded but not kept, so what a site imports at run time (a society's own photos, a test's) never lands in
 * the repository's committed cache.
 */
export function encodeCache(dir: string, { readOnly = false }: { readOnly?: boolean } = {}) {
  const keyOf = (input: Buffer, options: EncodeOptions) =>
    crypto.createHash("sha256").update(ENCODER_FINGERPRINT).update(JSON.stringify(options)).update(input).digest("hex").slice(0, 24);

  function read(entryDir: string): EncodedImage | undefined {
    let entry: CachedEntry;
    try {
      entry = JSON.parse(fs.readFileSync(path.join(entryDir, "image.json"), "utf8")) as CachedEntry;
      const variants = entry.variants.map(({ file, ...variant }) => ({ ...variant, body: fs.readFileSync(path.join(entryDir, file)) }));
      return { width: entry.width, height: entry.height, variants };
    } catch {
      return undefined;
    }
  }

  function write(entryDir: string, encoded: EncodedImage): void {
    // Written aside and renamed, so an interrupted build leaves no half entry behind a name that says it is done.
    const temporary = `${entryDir}.${process.pid}.tmp`;
    fs.rmSync(temporary, { recursive: true, force: true });
    fs.mkdirSync(temporary, { recursive: true });
    const entry: CachedEntry = { width: encoded.width, height: encoded.height, variants: [] };
    for (const { body, ...variant } of encoded.variants) {
      const file = `${variant.width}.${variant.format}`;
      fs.writeFileSync(path.join(temporary, file), body);
      entry.variants.push({ ...variant, file });
    }
    fs.writeFileSync(path.join(temporary, "image.json"), JSON.stringify(entry));
    try {
      fs.renameSync(temporary, entryDir);
    } catch {
      // Another process finished the same entry first: theirs is as good.
      fs.rmSync(temporary, { recursive: true, force: true });
    }
  }

  return {
    dir,
    /** The cache entry names that `encode` used since this cache was made (so a build can drop the others). */
    used: new Set<string>(),
    async encode(input: Buffer, options: EncodeOptions = {}): Promise<EncodedImage> {
      const key = keyOf(input, options);
      this.used.add(key);
      const entryDir = path.join(dir, key);
      const cached = read(entryDir);
      if (cached) return cached;
      const encoded = await encodeImage(input, options);
      if (readOnly) return encoded;
      try {
        fs.mkdirSync(dir, { recursive: true });
        write(entryDir, encoded);
      } catch {
        // A cache that cannot be written (a read-only install) only costs the next import an encoding.
      }
      return encoded;
    },
  };
}

export type EncodeCache = ReturnType<typeof encodeCache>;
