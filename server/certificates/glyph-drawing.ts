/**
 * Laid-out lines drawn on a page, glyph by glyph where need be.
 *
 * pdf-lib's own `drawText` keeps only each glyph's advance and drops the offsets of the font's positioning table, where
 * Noto Naskh places the dots and marks of Arabic letters on their bodies: drawn that way, "فاطمة" loses its dots to
 * the gaps between letters. So glyphs go on the page at the positions fontkit gives, offsets included.
 *
 * And a PDF maps each glyph to one text, while Noto Naskh draws ز as the glyph of ر plus a dot: copied out, the one
 * would read as the other. So each cluster of glyphs in the Arabic script (a letter, its dots and marks) is marked
 * with the text it stands for (`/ActualText`), which text extraction and search read instead.
 */
import {
  beginText,
  type Color,
  endMarkedContent,
  endText,
  PDFHexString,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  type PDFFont,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  showText,
} from "pdf-lib";
import { loadFace } from "./fonts";
import { mirrored } from "./text-runs";
import { type DocumentFonts, type FittedText, type LaidLine, type LaidRun } from "./typesetting";

export type Alignment = "left" | "centre" | "right";

/** A glyph placed on the page, in points, with its code in the document's subset of its font. */
interface PlacedGlyph {
  x: number;
  y: number;
  code: string;
  /** Not moved off its pen position (no mark offset). */
  inPlace: boolean;
  /** The pen moves on by the glyph's own width, which the PDF viewer knows too (no kerning). */
  ownAdvance: boolean;
  codePoints: number[];
}

/** Draws `line` on the baseline `y`, its left edge, centre or right edge at `x`. */
export function drawLine(
  page: PDFPage,
  fonts: DocumentFonts,
  line: LaidLine,
  at: { x: number; y: number; align: Alignment },
  style: { size: number; color: Color },
): void {
  const width = line.emWidth * style.size;
  let penX = at.align === "left" ? at.x : at.align === "centre" ? at.x - width / 2 : at.x - width;
  page.pushOperators(pushGraphicsState(), setFillingColor(style.color), beginText());
  for (const run of line.runs) {
    const font = fonts(run.face);
    page.pushOperators(setFontAndSize(page.node.newFontDictionary(font.name, font.ref), style.size));
    const glyphs = placedGlyphs(run, font, { x: penX, y: at.y }, style.size);
    const marked = run.script === "arabic" || run.rightToLeft;
    for (const cluster of marked ? clusters(glyphs) : [glyphs]) {
      if (marked) page.pushOperators(actualTextSpan(clusterText(cluster, run.rightToLeft)));
      for (const stretch of stretches(cluster)) {
        page.pushOperators(
          setTextMatrix(1, 0, 0, 1, stretch[0]!.x, stretch[0]!.y),
          showText(PDFHexString.of(stretch.map((glyph) => glyph.code).join(""))),
        );
      }
      if (marked) page.pushOperators(endMarkedContent());
    }
    penX += run.glyphs.positions.reduce((sum, position) => sum + position.xAdvance, 0) * (style.size / loadFace(run.face).font.unitsPerEm);
  }
  page.pushOperators(endText(), popGraphicsState());
}

/** Draws fitted lines one under another, the first on the baseline `y`, `leading` times the size apart. */
export function drawLines(
  page: PDFPage,
  fonts: DocumentFonts,
  fitted: FittedText,
  at: { x: number; y: number; align: Alignment; leading: number },
  color: Color,
): void {
  fitted.lines.forEach((line, index) =>
    drawLine(page, fonts, line, { ...at, y: at.y - index * at.leading * fitted.size }, { size: fitted.size, color }),
  );
}

function placedGlyphs(run: LaidRun, font: PDFFont, start: { x: number; y: number }, size: number): PlacedGlyph[] {
  const scale = size / loadFace(run.face).font.unitsPerEm;
  const codes = glyphCodes(font, run.text, run.glyphs.glyphs.length);
  let penX = start.x;
  return run.glyphs.positions.map((position, index) => {
    const glyph = run.glyphs.glyphs[index]!;
    const placed = {
      x: penX + position.xOffset * scale,
      y: start.y + position.yOffset * scale,
      code: codes[index]!,
      inPlace: position.xOffset === 0 && position.yOffset === 0,
      ownAdvance: position.xAdvance === glyph.advanceWidth,
      codePoints: glyph.codePoints,
    };
    penX += position.xAdvance * scale;
    return placed;
  });
}

/**
 * The codes of a run's glyphs in the document's subset of the font, as hex, one for each glyph: pdf-lib lays `text`
 * out with the same (shared) fontkit font, so its glyphs are the ones laid out here, in the same order.
 */
function glyphCodes(font: PDFFont, text: string, glyphCount: number): string[] {
  const hex = font.encodeText(text).asString();
  if (hex.length !== glyphCount * 4) throw new Error(`pdf-lib laid out "${text}" in another number of glyphs.`);
  return Array.from({ length: glyphCount }, (_, index) => hex.slice(index * 4, index * 4 + 4));
}

/**
 * Glyphs grouped by the character (or ligated characters) they draw: fontkit gives the characters to the glyph that
 * stands for them and none to the dots and marks split off it, which lie next to it in either direction.
 */
function clusters(glyphs: PlacedGlyph[]): PlacedGlyph[][] {
  const result: PlacedGlyph[][] = [];
  let current: PlacedGlyph[] = [];
  for (const glyph of glyphs) {
    if (glyph.codePoints.length > 0 && current.some((member) => member.codePoints.length > 0)) {
      result.push(current);
      current = [];
    }
    current.push(glyph);
  }
  if (current.length > 0) result.push(current);
  return result;
}

/** The characters a cluster stands for, its brackets turned back if the run was mirrored. */
function clusterText(cluster: PlacedGlyph[], rightToLeft: boolean): string {
  const text = String.fromCodePoint(...cluster.flatMap((glyph) => glyph.codePoints));
  return rightToLeft ? Array.from(text, mirrored).join("") : text;
}

/** Glyphs cut into stretches that the PDF viewer places by itself: a glyph moved by the layout starts a new one. */
function stretches(glyphs: PlacedGlyph[]): PlacedGlyph[][] {
  const result: PlacedGlyph[][] = [];
  glyphs.forEach((glyph, index) => {
    const previous = glyphs[index - 1];
    if (previous && previous.inPlace && previous.ownAdvance && glyph.inPlace) result.at(-1)!.push(glyph);
    else result.push([glyph]);
  });
  return result;
}

/** Marked content whose text, for copying and searching, is `text` rather than what its glyphs map to. */
function actualTextSpan(text: string): PDFOperator {
  // pdf-lib writes a string argument as it is: here, the inline dictionary of the span's properties (all ASCII).
  const properties = `<</ActualText ${PDFHexString.fromText(text).toString()}>>`;
  return PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of("Span"), properties]);
}
