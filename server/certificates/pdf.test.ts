import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import jsQR from "jsqr";
import { PageSizes, PDFDocument } from "pdf-lib";
import { PNG } from "pngjs";
import { afterAll, describe, expect, test } from "vitest";
import { type CertificateDrawing, drawCertificate } from "./pdf";

const NUMBER = "K3F9-2M7Q-8XJD-4HPL-W6TZ-9RNC-5B";

const DRAWING: CertificateDrawing = {
  societyName: "Sargodha Medical College Society",
  logo: { bytes: new Uint8Array(fs.readFileSync("content/photos/logo.png")), type: "png" },
  personName: "Zoë Ångström-Núñez",
  eventTitle: "Basic Life Support Workshop",
  eventDateText: "12 December 2026",
  role: "Volunteer",
  hours: 3,
  signatory: { name: "Dr. Ayesha Khan", title: "President", signature: null },
  number: NUMBER,
  verifyUrl: `https://society.example/certificates/${NUMBER}`,
};

const PEOPLE = [
  { script: "Latin with accents", personName: "Zoë Ångström-Núñez", eventTitle: "Basic Life Support Workshop" },
  { script: "Urdu", personName: "محمد علی", eventTitle: "ابتدائی طبی امداد کی ورکشاپ" },
  // ز is drawn as ر with a dot, and أ, إ as ا with a hamza: each read back as itself, not as the glyph it shares.
  { script: "Arabic", personName: "فاطمة الزهراء", eventTitle: "ورشة الإسعافات الأولية" },
];

test("a certificate is one A4 landscape page, titled with the person's name, and small", async () => {
  const pdf = await drawCertificate({ ...DRAWING, personName: "محمد علی" });
  const document = await PDFDocument.load(pdf);
  expect(document.getPageCount()).toBe(1);
  const { width, height } = document.getPage(0).getSize();
  expect([width, height]).toEqual([PageSizes.A4[1], PageSizes.A4[0]]);
  expect(document.getTitle()).toBe("Certificate of Attendance: محمد علی");
  // The fonts go in as subsets of the glyphs drawn (whole, they would weigh more than a megabyte).
  expect(pdf.length).toBeLessThan(100_000);
});

/** Without poppler-utils these are skipped on a developer's machine; on CI (CI=true) they run, and fail. */
const POPPLER_MISSING = spawnSync("pdftotext", ["-v"]).error !== undefined && process.env.CI !== "true";

describe.skipIf(POPPLER_MISSING)(
  POPPLER_MISSING ? "read back by poppler: SKIPPED, pdftotext and pdftoppm (poppler-utils) are not installed" : "read back by poppler",
  () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "certificate-test-"));
    afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));
    let files = 0;
    const saved = (pdf: Uint8Array) => {
      const file = path.join(directory, `${++files}.pdf`);
      fs.writeFileSync(file, pdf);
      return file;
    };

    test.each(PEOPLE)("a name and event in $script come back from pdftotext as written", async ({ personName, eventTitle }) => {
      const file = saved(await drawCertificate({ ...DRAWING, personName, eventTitle }));
      const text = readable(execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }));
      // Poppler puts right-to-left text back in reading order (which it can only do if the glyphs stand right to left).
      expect(text).toContain(readable(personName));
      expect(text).toContain(readable(eventTitle));
    });

    test.each(PEOPLE.slice(1))(
      "a name in $script is drawn right to left: poppler's words in page order are its letters reversed",
      async ({ personName }) => {
        const words = wordBoxes(saved(await drawCertificate({ ...DRAWING, personName })));
        const inPageOrder = words.filter((word) => /\p{Script=Arabic}/u.test(word.text)).map((word) => word.text);
        expect(inPageOrder.join(" ")).toBe(Array.from(personName).reverse().join(""));
      },
    );

    test("an Urdu name is drawn joined, its letters shaped by their neighbours: محمد علی is two shapes, not seven letters", async () => {
      const joined = saved(await drawCertificate({ ...DRAWING, personName: "محمد علی" }));
      expect(shapesOfName(joined)).toBe(2);
      // The same letters set apart: the count tells the two drawings apart.
      const apart = saved(await drawCertificate({ ...DRAWING, personName: "م ح م د ع ل ی" }));
      expect(shapesOfName(apart)).toBe(7);
    });

    test("the QR code reads as the verification address, which is printed beside it with the certificate's number", async () => {
      const file = saved(await drawCertificate(DRAWING));
      const page = rendered(file, 100);
      expect(jsQR(new Uint8ClampedArray(page.data), page.width, page.height)?.data).toBe(DRAWING.verifyUrl);
      const text = execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
      expect(text).toContain(`Certificate no. ${NUMBER}`);
      expect(text).toContain(`Verify at\n${DRAWING.verifyUrl}`);
    });

    test("a long name and a long title stay inside the frame, the title in at most two lines", async () => {
      const personName = "Muhammad Abdur-Rahman Zain-ul-Abideen Chaudhry Al-Hashimi Bin Khalid Farooqui";
      const eventTitle = `International Conference on ${"Evidence-Based Paediatric and Neonatal Critical Care, ".repeat(6)}in Punjab`;
      const words = wordBoxes(saved(await drawCertificate({ ...DRAWING, personName, eventTitle })));
      const frame = { left: 28, right: PageSizes.A4[1] - 28 };
      expect(words.filter((word) => word.xMin < frame.left || word.xMax > frame.right)).toEqual([]);
      expect(words.filter((word) => word.text === "Farooqui")).toHaveLength(1);
      const titleLines = new Set(words.filter((word) => word.text === "Paediatric").map((word) => word.yMin));
      expect(titleLines.size).toBeGreaterThan(0);
      expect(titleLines.size).toBeLessThanOrEqual(2);
      // What does not fit in two lines at the smallest size is cut, and says so.
      expect(words.some((word) => word.text.endsWith("…"))).toBe(true);
    });

    /** How many separate dark shapes the person's name is drawn as (on a page whose only Arabic text is the name). */
    function shapesOfName(file: string): number {
      const words = wordBoxes(file).filter((word) => /\p{Script=Arabic}/u.test(word.text));
      const dotsPerPoint = 100 / 72;
      const box = {
        left: Math.floor(Math.min(...words.map((word) => word.xMin)) * dotsPerPoint),
        top: Math.floor(Math.min(...words.map((word) => word.yMin)) * dotsPerPoint),
        right: Math.ceil(Math.max(...words.map((word) => word.xMax)) * dotsPerPoint),
        bottom: Math.ceil(Math.max(...words.map((word) => word.yMax)) * dotsPerPoint),
      };
      // The rule under the name crosses the box: a shape a pixel or two high is that, not a letter.
      return darkShapes(rendered(file, 100), box).filter((shape) => shape.height > 3).length;
    }

    function rendered(file: string, dotsPerInch: number): PNG {
      const out = file.replace(/\.pdf$/, "");
      execFileSync("pdftoppm", ["-png", "-gray", "-r", String(dotsPerInch), "-singlefile", file, out]);
      return PNG.sync.read(fs.readFileSync(`${out}.png`));
    }
  },
);

/** Text as compared: Unicode's compatibility forms folded (NFKC), and the direction marks poppler adds dropped. */
const readable = (text: string) => text.normalize("NFKC").replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, "");

interface WordBox {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Poppler's words with their boxes (in points from the top left), in page order: as drawn, left to right. */
function wordBoxes(file: string): WordBox[] {
  const html = execFileSync("pdftotext", ["-enc", "UTF-8", "-bbox", file, "-"], { encoding: "utf8" });
  return Array.from(html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/gu), (match) => ({
    text: match[5]!.replaceAll("&amp;", "&").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"'),
    xMin: Number(match[1]),
    yMin: Number(match[2]),
    xMax: Number(match[3]),
    yMax: Number(match[4]),
  }));
}

/** The 8-connected shapes of dark pixels inside `box`, each with its height in pixels. */
function darkShapes(image: PNG, box: { left: number; top: number; right: number; bottom: number }): { height: number }[] {
  const dark = (x: number, y: number) =>
    x >= box.left && x < box.right && y >= box.top && y < box.bottom && image.data[(y * image.width + x) * 4]! < 128;
  const seen = new Set<number>();
  const shapes: { height: number }[] = [];
  for (let y = box.top; y < box.bottom; y++) {
    for (let x = box.left; x < box.right; x++) {
      if (!dark(x, y) || seen.has(y * image.width + x)) continue;
      seen.add(y * image.width + x);
      const stack = [[x, y] as const];
      let [top, bottom] = [y, y];
      while (stack.length > 0) {
        const [pixelX, pixelY] = stack.pop()!;
        [top, bottom] = [Math.min(top, pixelY), Math.max(bottom, pixelY)];
        for (const [nextX, nextY] of neighbours(pixelX, pixelY)) {
          if (dark(nextX, nextY) && !seen.has(nextY * image.width + nextX)) {
            seen.add(nextY * image.width + nextX);
            stack.push([nextX, nextY]);
          }
        }
      }
      shapes.push({ height: bottom - top + 1 });
    }
  }
  return shapes;
}

const neighbours = (x: number, y: number) => [-1, 0, 1].flatMap((dy) => [-1, 0, 1].map((dx) => [x + dx, y + dy] as const));
