import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { formatSiteTimestamp } from "#server/site-time.ts";

/**
 * Rows as a spreadsheet reads them, written as they are read (a long list never sits in memory whole): UTF-8 with a
 * byte order mark (so Urdu names show correctly), RFC 4180 quoting and CRLF line ends, and every cell that a
 * spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) prefixed with an apostrophe. A cell
 * holding any line break (LF as the join dialog sends it, CR, or CRLF) is quoted: with CRLF record ends, csv-stringify
 * would otherwise quote only cells holding CRLF, and a spreadsheet would start a new row at a bare LF or CR.
 */
export function csvFile(rows: AsyncIterable<readonly string[]>): ReadableStream<Uint8Array> {
  const csv = stringify({ bom: true, record_delimiter: "windows", quote_record_delimiter: true, escape_formulas: true });
  const source = Readable.from(rows);
  // A read that fails part-way ends the download with an error rather than a file that looks whole.
  source.on("error", (error) => csv.destroy(error));
  return Readable.toWeb(source.pipe(csv)) as ReadableStream<Uint8Array>;
}

/** Reads a list in pages until a page comes back short, yielding one item at a time. */
export async function* inPages<T>(readPage: (after: T | undefined) => Promise<T[]>, pageSize: number): AsyncGenerator<T> {
  let last: T | undefined;
  for (;;) {
    const page = await readPage(last);
    yield* page;
    if (page.length < pageSize) return;
    last = page.at(-1);
  }
}

/** A spreadsheet file to download: its bytes as they are written, and its name. */
export interface CsvExport {
  body: ReadableStream<Uint8Array>;
  fileName: string;
}

/** An export's file name: what it holds and the society's day it was made ("join-requests-2026-11-29.csv"). */
export const csvFileName = (what: string, now: Date, timeZone: string) => `${what}-${formatSiteTimestamp(now, timeZone).slice(0, 10)}.csv`;
