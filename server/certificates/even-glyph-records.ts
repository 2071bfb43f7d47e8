/**
 * A TrueType font rewritten so that every glyph record in `glyf` has an even length (padded to four bytes, as the
 * OpenType spec recommends).
 *
 * Why: @pdf-lib/fontkit (the fork pdf-lib uses, frozen at fontkit 1.7) writes a subset's `loca` in the short format,
 * which stores offsets halved, without padding the glyph records it copies. The Noto fonts use the long format with
 * odd-length records, so every glyph after the first odd one is read a byte off and vanishes from the page
 * (pdf-lib issue #1232, fixed upstream in fontkit by foliojs/fontkit#191). With even records, halving loses nothing.
 */

interface Table {
  tag: string;
  bytes: Uint8Array;
}

const HEADER_SIZE = 12;
const RECORD_SIZE = 16;
/** In `head`: the whole font's checksum adjustment, and whether `loca` is short (0) or long (1). */
const HEAD_CHECKSUM_ADJUSTMENT = 8;
const HEAD_INDEX_TO_LOC_FORMAT = 50;

export function withEvenGlyphRecords(font: Uint8Array): Uint8Array {
  const tables = readTables(font);
  const head = tableBytes(tables, "head");
  if (view(head).getInt16(HEAD_INDEX_TO_LOC_FORMAT) === 0) return font; // short offsets can only point at even records
  const offsets = longOffsets(tableBytes(tables, "loca"));
  if (offsets.every((offset) => offset % 2 === 0)) return font;
  const { glyf, loca } = paddedGlyphs(tableBytes(tables, "glyf"), offsets);
  return writeFont(
    font,
    tables.map((table) =>
      table.tag === "glyf" ? { tag: "glyf", bytes: glyf } : table.tag === "loca" ? { tag: "loca", bytes: loca } : table,
    ),
  );
}

function readTables(font: Uint8Array): Table[] {
  const data = view(font);
  return Array.from({ length: data.getUint16(4) }, (_, index) => {
    const record = HEADER_SIZE + index * RECORD_SIZE;
    const tag = String.fromCharCode(...font.subarray(record, record + 4));
    const offset = data.getUint32(record + 8);
    return { tag, bytes: font.subarray(offset, offset + data.getUint32(record + 12)) };
  });
}

function tableBytes(tables: Table[], tag: string): Uint8Array {
  const table = tables.find((candidate) => candidate.tag === tag);
  if (!table) throw new Error(`The font has no '${tag}' table.`);
  return table.bytes;
}

function longOffsets(loca: Uint8Array): number[] {
  const data = view(loca);
  return Array.from({ length: loca.length / 4 }, (_, index) => data.getUint32(index * 4));
}

function paddedGlyphs(glyf: Uint8Array, offsets: number[]): { glyf: Uint8Array; loca: Uint8Array } {
  const newOffsets = [0];
  for (let glyph = 0; glyph + 1 < offsets.length; glyph++)
    newOffsets.push(newOffsets[glyph]! + padded(offsets[glyph + 1]! - offsets[glyph]!));
  const newGlyf = new Uint8Array(newOffsets.at(-1)!);
  const loca = new Uint8Array(newOffsets.length * 4);
  newOffsets.forEach((offset, glyph) => {
    view(loca).setUint32(glyph * 4, offset);
    if (glyph + 1 < offsets.length) newGlyf.set(glyf.subarray(offsets[glyph], offsets[glyph + 1]), offset);
  });
  return { glyf: newGlyf, loca };
}

/** The font file of `tables` in their order, with the header of `original`, and its checksums made anew. */
function writeFont(original: Uint8Array, tables: Table[]): Uint8Array {
  const directorySize = HEADER_SIZE + tables.length * RECORD_SIZE;
  const size = tables.reduce((total, table) => total + padded(table.bytes.length), directorySize);
  const font = new Uint8Array(size);
  const data = view(font);
  font.set(original.subarray(0, HEADER_SIZE));
  let offset = directorySize;
  let headOffset = 0;
  tables.forEach((table, index) => {
    const record = HEADER_SIZE + index * RECORD_SIZE;
    font.set(
      Array.from(table.tag, (character) => character.charCodeAt(0)),
      record,
    );
    font.set(table.bytes, offset);
    if (table.tag === "head") {
      headOffset = offset;
      data.setUint32(offset + HEAD_CHECKSUM_ADJUSTMENT, 0);
    }
    data.setUint32(record + 4, checksum(font.subarray(offset, offset + padded(table.bytes.length))));
    data.setUint32(record + 8, offset);
    data.setUint32(record + 12, table.bytes.length);
    offset += padded(table.bytes.length);
  });
  data.setUint32(headOffset + HEAD_CHECKSUM_ADJUSTMENT, (0xb1b0afba - checksum(font)) >>> 0);
  return font;
}

function checksum(bytes: Uint8Array): number {
  const data = view(bytes);
  let sum = 0;
  for (let offset = 0; offset < bytes.length; offset += 4) sum = (sum + data.getUint32(offset)) >>> 0;
  return sum;
}

const padded = (length: number) => Math.ceil(length / 4) * 4;

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
