import zlib from "node:zlib";

/**
 * A gzip stream assembled from pieces compressed once and short texts inserted per response, without compressing
 * the whole again: each piece is raw deflate ending on a full flush (byte-aligned, no back-reference across it), a
 * text goes in as a stored (uncompressed) block, and the trailer's CRC-32 and length are computed per response.
 * This is how a cached page goes out compressed with each response's own CSP nonce (RFC 1951 3.2.4, RFC 1952).
 */
export interface GzipPieces {
  /** Each raw piece compressed as raw deflate, ending on a full flush. */
  compressed: Buffer[];
  /** The raw pieces, for the checksum. */
  raw: Buffer[];
}

/** Fixed gzip header: deflate, no name or time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** An empty stored block marked final: the end of the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const MAX_STORED_BLOCK = 0xffff;

export function compressPieces(raw: Buffer[]): GzipPieces {
  return { raw, compressed: raw.map((piece) => zlib.deflateRawSync(piece, { level: zlib.constants.Z_BEST_COMPRESSION, finishFlush: zlib.constants.Z_FULL_FLUSH })) };
}

/** A text as stored deflate blocks (not final), for a stream that is byte-aligned where it goes. */
function storedBlocks(text: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let offset = 0; offset < text.length; offset += MAX_STORED_BLOCK) {
    const chunk = text.subarray(offset, offset + MAX_STORED_BLOCK);
    const header = Buffer.alloc(5);
    header.writeUInt8(0x00, 0);
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return blocks;
}

/** The buffers of one gzip response: the pieces with `between` inserted between each two of them. */
export function gzipWith(pieces: GzipPieces, between: Buffer): Buffer[] {
  const out: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  // An empty piece leaves the checksum as it is. (zlib.crc32 on Buffer.alloc(0) here gave 0, not the running value.)
  const checksum = (data: Buffer) => (data.length > 0 ? zlib.crc32(data, crc) : crc);
  pieces.compressed.forEach((compressed, index) => {
    if (index > 0) {
      out.push(...storedBlocks(between));
      crc = checksum(between);
      size += between.length;
    }
    out.push(compressed);
    crc = checksum(pieces.raw[index]!);
    size += pieces.raw[index]!.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  out.push(FINAL_BLOCK, trailer);
  return out;
}
