/** Text laid out by fontkit (shaped, in visual order), measured and fitted to a width. */
import type { GlyphRun } from "@pdf-lib/fontkit";
import { type PDFDocument, type PDFFont } from "pdf-lib";
import { type Face, loadFace, sharedFontkit } from "./fonts";
import { type Direction, directionOf, type Script, type TextRun, visualRuns } from "./text-runs";

/** The faces a text is set in, one for each script. */
export type Typeface = Record<Script, Face>;

export interface LaidRun extends TextRun {
  face: Face;
  glyphs: GlyphRun;
}

/** A line laid out once, drawn at any size: its runs left to right, and its width at 1 pt. */
export interface LaidLine {
  runs: LaidRun[];
  emWidth: number;
}

/** The lines a text was fitted into, and the size it was fitted at. */
export interface FittedText {
  lines: LaidLine[];
  size: number;
}

export interface Fit {
  size: number;
  minSize: number;
  maxWidth: number;
  maxLines: number;
}

/** The faces embedded (as subsets) in one document. */
export type DocumentFonts = (face: Face) => PDFFont;

const ELLIPSIS = "…";

export async function embedFaces(document: PDFDocument, faces: Face[]): Promise<DocumentFonts> {
  document.registerFontkit(sharedFontkit);
  const embedded = new Map<Face, PDFFont>();
  for (const face of new Set(faces)) embedded.set(face, await document.embedFont(loadFace(face).bytes, { subset: true }));
  return (face) => {
    const font = embedded.get(face);
    if (!font) throw new Error(`The face ${face} was not embedded in this document.`);
    return font;
  };
}

function layOutLine(line: string, typeface: Typeface, direction: Direction = directionOf(line)): LaidLine {
  let emWidth = 0;
  const runs = visualRuns(line, direction).map((run) => {
    const face = typeface[run.script];
    const { font } = loadFace(face);
    const glyphs = font.layout(run.text);
    emWidth += glyphs.positions.reduce((sum, position) => sum + position.xAdvance, 0) / font.unitsPerEm;
    return { ...run, face, glyphs };
  });
  return { runs, emWidth };
}

/**
 * `text` in as few lines as fit `maxWidth`, at the largest size that does: one line if it fits at `minSize` or
 * above, else wrapped at spaces into up to `maxLines`. Past that, the last line is cut short with an ellipsis.
 */
export function fitText(text: string, typeface: Typeface, fit: Fit): FittedText {
  const direction = directionOf(text);
  const laidOut = new Map<string, LaidLine>();
  const layOut = (line: string) => {
    let laid = laidOut.get(line);
    if (!laid) laidOut.set(line, (laid = layOutLine(line, typeface, direction)));
    return laid;
  };
  const fitsAt = (size: number) => (line: string) => layOut(line).emWidth * size <= fit.maxWidth;
  const words = text.split(/\s+/u).filter(Boolean);
  for (let lineCount = 1; lineCount <= fit.maxLines; lineCount++) {
    for (let size = fit.size; size >= fit.minSize; size--) {
      const lines = wrapped(words, fitsAt(size));
      if (lines.length <= lineCount && lines.every(fitsAt(size))) return { lines: lines.map(layOut), size };
    }
  }
  const lines = wrapped(words, fitsAt(fit.minSize));
  const kept = [...lines.slice(0, fit.maxLines - 1), lines.slice(fit.maxLines - 1).join(" ")];
  return { lines: kept.map((line) => layOut(shortened(line, fitsAt(fit.minSize)))), size: fit.minSize };
}

/** Words put on a line while it `fits`; a word too long for a line of its own gets one all the same. */
function wrapped(words: string[], fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && fits(`${last} ${word}`)) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** `line` cut short with an ellipsis until it fits: at a space if one is left, else within its only word. */
function shortened(line: string, fits: (line: string) => boolean): string {
  if (fits(line)) return line;
  const words = line.split(" ");
  while (words.length > 1 && !fits(`${words.join(" ")}${ELLIPSIS}`)) words.pop();
  const characters = Array.from(words.join(" "));
  while (characters.length > 1 && !fits(`${characters.join("")}${ELLIPSIS}`)) characters.pop();
  return `${characters.join("")}${ELLIPSIS}`;
}
