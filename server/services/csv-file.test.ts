import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, test } from "vitest";
import type { Application } from "#server/repos/applications.ts";
import type { ContactMessage } from "#server/repos/contact-messages.ts";
import { csvFile } from "./csv-file";
import { messagesCsv } from "./messages-csv";
import { applicationsCsv } from "./applications-csv";

/** An answer typed over several lines, with each kind of line break: LF (the join dialog), CR, and CRLF (a form posted without JavaScript). */
const LINE_BREAKS = { LF: "first line\nsecond line", CR: "first line\rsecond line", CRLF: "first line\r\nsecond line" };

/**
 * A downloaded file read back as RFC 4180 says, and as a spreadsheet reads it: a quoted cell may hold line breaks, and
 * any line break outside quotes (CRLF, LF or CR) ends the row.
 */
const readBack = async (file: ReadableStream<Uint8Array>): Promise<string[][]> =>
  parse(await new Response(file).text(), { bom: true, record_delimiter: ["\r\n", "\n", "\r"] }) as string[][];

async function* rowsOf(rows: string[][]) {
  yield* rows;
}

describe("CSV files", () => {
  test.each(Object.entries(LINE_BREAKS))(
    "a cell holding %s is quoted, and read back whole as one cell of one row",
    async (_kind, answer) => {
      const rows = [
        ["Name", "Answer", "After"],
        ["Amna", answer, "Yes"],
      ];
      const file = await new Response(csvFile(rowsOf(rows))).text();
      expect(file).toContain(`,"${answer}",`);
      expect(await readBack(csvFile(rowsOf(rows)))).toEqual(rows);
    },
  );

  test("the join requests' export: an answer with each kind of line break stays in its cell", async () => {
    const application = (answer: string): Application => ({
      id: "r",
      fullname: "Amna",
      class: "2nd Year",
      department: "MBBS",
      sargodhaAddress: "12 College Road",
      permanentAddress: answer,
      email: "amna@example.org",
      phone: "03001234567",
      bloodGroup: null,
      answers: [{ question: "Why join?", answer }],
      createdAt: "2026-11-29T10:00:00.000Z",
      possibleDuplicate: false,
      status: "new",
    });
    async function* applications() {
      for (const answer of Object.values(LINE_BREAKS)) yield application(answer);
    }
    const rows = await readBack(
      applicationsCsv(applications(), { questions: ["Why join?"], localAddressLabel: "Address", timeZone: "UTC" }),
    );
    expect(rows).toHaveLength(4);
    expect(rows.slice(1).map((row) => [row[9], row[10]])).toEqual(Object.values(LINE_BREAKS).map((answer) => [answer, answer]));
  });

  test("the contact messages' export: a message with each kind of line break stays in its cell", async () => {
    const messages = Object.values(LINE_BREAKS).map((message): ContactMessage => ({
      id: "m",
      name: "Sara",
      email: "sara@example.org",
      message,
      createdAt: "2026-11-29T10:00:00.000Z",
      readAt: null,
    }));
    const rows = await readBack(messagesCsv(messages, { timeZone: "UTC" }));
    expect(rows.map((row) => row[3])).toEqual(["Message", ...Object.values(LINE_BREAKS)]);
  });

  test("every CSV the site writes goes through csvFile: no other module writes CSV", () => {
    const writers: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && !entry.name.includes(".test.") && fs.readFileSync(file, "utf8").includes("csv-stringify"))
          writers.push(path.relative(process.cwd(), file));
      }
    };
    for (const dir of ["server", "app", "scripts"]) walk(dir);
    expect(writers).toEqual([path.join("server", "services", "csv-file.ts")]);
  });
});
