import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import fontkit, { type Font, type Glyph, type GlyphRun } from "@pdf-lib/fontkit";
import { LRUCache } from "lru-cache";
import { withEvenGlyphRecords } from "./even-glyph-records";

/**
 * The Noto faces a certificate is set in (SIL Open Font License), from their npm packages: Noto Serif for Latin
 * (with Greek and Cyrillic), Noto Naskh Arabic for the Arabic script (Arabic and Urdu alike).
 */
const FACE_FILES = {
  serif: "@expo-google-fonts/noto-serif/400Regular/NotoSerif_400Regular.ttf",
  serifItalic: "@expo-google-fonts/noto-serif/400Regular_Italic/NotoSerif_400Regular_Italic.ttf",
  serifBold: "@expo-google-fonts/noto-serif/700Bold/NotoSerif_700Bold.ttf",
  naskh: "@expo-google-fonts/noto-naskh-arabic/400Regular/NotoNaskhArabic_400Regular.ttf",
  naskhBold: "@expo-google-fonts/noto-naskh-arabic/700Bold/NotoNaskhArabic_700Bold.ttf",
} as const;

export type Face = keyof typeof FACE_FILES;

export interface LoadedFace {
  /** The font file (with even glyph records), as embedded in each PDF. */
  bytes: Uint8Array;
  /** The same file parsed once, for laying text out (and shared with pdf-lib through `sharedFontkit`). */
  font: Font;
}

// Resolved through node_modules from this module's file: from server/certificates/ under tsx or Vitest, and from
// build/host/ in the bundled server alike (the fonts are read at run time, never bundled).
const resolveFromHere = createRequire(import.meta.url);

const loaded = new Map<Face, LoadedFace>();
const fontsByBytes = new WeakMap<Uint8Array, Font>();

/** A face, read and parsed on its first use in the process (a few milliseconds, once), then kept. */
export function loadFace(face: Face): LoadedFace {
  let entry = loaded.get(face);
  if (!entry) {
    const bytes = withEvenGlyphRecords(new Uint8Array(readFileSync(resolveFromHere.resolve(FACE_FILES[face]))));
    entry = { bytes, font: withRememberedLayouts(withGlyphsForEachText(fontkit.create(bytes))) };
    loaded.set(face, entry);
    fontsByBytes.set(bytes, entry.font);
  }
  return entry;
}

/**
 * fontkit for `PDFDocument.registerFontkit`, handing pdf-lib the font already parsed for a face's bytes rather than
 * parsing it (and its shaping tables) again for every document. Sharing is safe: pdf-lib only lays text out with it
 * and makes its own subset of it per document.
 */
export const sharedFontkit = {
  create: (bytes: Uint8Array): Font => fontsByBytes.get(bytes) ?? fontkit.create(bytes),
};

/**
 * The same strings are laid out again and again: the heading and the society's name on every certificate, and each
 * text twice in a document (once here to measure and place it, once by pdf-lib to encode it). Shaping is most of the
 * time a certificate takes, so each face keeps its last layouts (read only, by both).
 */
function withRememberedLayouts(font: Font): Font {
  const layout = font.layout.bind(font);
  const layouts = new LRUCache<string, GlyphRun>({ max: 500 });
  font.layout = (text, features) => {
    if (features !== undefined) return layout(text, features);
    let run = layouts.get(text);
    if (!run) layouts.set(text, (run = layout(text)));
    return run;
  };
  return font;
}

/**
 * fontkit hands out one glyph object per glyph id, holding the characters of the first text it was drawn for, though
 * its layout asks for the glyph of the characters at hand. Noto Naskh draws several letters with one glyph (ر, and ز
 * as ر with a dot), so a later ر would claim to be ز. Here a glyph asked for with other characters comes as a view of
 * the shared one holding those characters, which is what the layout's glyphs then tell.
 */
function withGlyphsForEachText(font: Font): Font {
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints) => {
    const glyph = getGlyph(id, codePoints);
    if (!glyph || !codePoints || sameNumbers(glyph.codePoints, codePoints)) return glyph;
    return Object.create(glyph, { codePoints: { value: codePoints } }) as Glyph;
  };
  return font;
}

const sameNumbers = (a: number[], b: number[]) => a.length === b.length && a.every((number, index) => number === b[index]);
