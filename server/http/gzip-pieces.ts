import zlib from "node:zlib";
import { crc32CombineShifted, crc32ShiftFor } from "./crc32-combine";

/**
 * A gzip stream assembled from pieces compressed once and short texts inserted per response, without compressing
 * the whole again: each piece is raw deflate ending on a full flush (byte-aligned, no back-reference across it), a
 * text goes in as a stored (uncompressed) block, and the trailer's CRC-32 is combined from the pieces' own.
 * This is how a cached page goes out compressed with each response's own CSP nonce (RFC 1951 3.2.4, RFC 1952).
 */
export interface GzipPieces {
  /** Each raw piece compressed as raw deflate, ending on a full flush. */
  compressed: Buffer[];
  /** Each raw piece's CRC-32, length and CRC shift (crc32ShiftFor its length), for the trailer. */
  checksums: { crc: number; length: number; shift: number }[];
}

/** Fixed gzip header: deflate, no name or time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** An empty stored block marked final: the end of the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const MAX_STORED_BLOCK = 0xffff;

export function compressPieces(raw: Buffer[]): GzipPieces {
  return {
    checksums: raw.map((piece) => ({ crc: zlib.crc32(piece), length: piece.length, shift: crc32ShiftFor(piece.length) })),
    compressed: raw.map((piece) => zlib.deflateRawSync(piece, { level: zlib.constants.Z_BEST_COMPRESSION, finishFlush: zlib.constants.Z_FULL_FLUSH })),
  };
}

/** A text as stored deflate blocks (not final), in one buffer, for a stream that is byte-aligned where it goes. */
function storedBlocks(text: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let offset = 0; offset < text.length; offset += MAX_STORED_BLOCK) {
    const chunk = text.subarray(offset, offset + MAX_STORED_BLOCK);
    const header = Buffer.alloc(5);
    header.writeUInt8(0x00, 0);
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    parts.push(header, chunk);
  }
  return Buffer.concat(parts);
}

/** The shifts of the texts put between pieces, by length: a nonce always has the same length. */
const shiftsByLength = new Map<number, number>();
function shiftOf(length: number): number {
  let shift = shiftsByLength.get(length);
  if (shift === undefined) {
    shift = crc32ShiftFor(length);
    if (shiftsByLength.size >= 16) shiftsByLength.clear();
    shiftsByLength.set(length, shift);
  }
  return shift;
}

/** The buffers of one gzip response: the pieces with `between` inserted between each two of them. */
export function gzipWith(pieces: GzipPieces, between: Buffer): Buffer[] {
  const out: Buffer[] = [GZIP_HEADER];
  const betweenCrc = zlib.crc32(between);
  const betweenShift = shiftOf(between.length);
  const betweenBlocks = storedBlocks(between);
  let crc = 0;
  let size = 0;
  pieces.compressed.forEach((compressed, index) => {
    if (index > 0) {
      out.push(betweenBlocks);
      crc = crc32CombineShifted(crc, betweenCrc, betweenShift);
      size += between.length;
    }
    out.push(compressed);
    const piece = pieces.checksums[index]!;
    crc = crc32CombineShifted(crc, piece.crc, piece.shift);
    size += piece.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  out.push(FINAL_BLOCK, trailer);
  return out;
}
