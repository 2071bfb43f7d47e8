import { type Color, PageSizes, PDFDocument, type PDFImage, type PDFPage, rgb } from "pdf-lib";
import QRCode from "qrcode";
import { type Face } from "./fonts";
import { printReadyJpeg } from "./print-images";
import { usesArabicScript } from "./text-runs";
import { type Alignment, drawLines } from "./glyph-drawing";
import { type DocumentFonts, embedFaces, fitText, type Typeface } from "./typesetting";

export interface CertificateImage {
  bytes: Uint8Array;
  type: "png" | "jpeg";
}

export interface CertificateDrawing {
  societyName: string;
  logo: CertificateImage | null;
  /** In any script: Latin, Arabic, Urdu, or a mix. */
  personName: string;
  eventTitle: string;
  /** Already formatted, e.g. "12 December 2026". */
  eventDateText: string;
  role: string | null;
  hours: number | null;
  signatory: { name: string; title: string; signature: CertificateImage | null } | null;
  /** Already grouped, e.g. "K3F9-2M7Q-…". */
  number: string;
  /** The public verification page: drawn as a QR code and as text. */
  verifyUrl: string;
}

const HEADING = "Certificate of Attendance";

const INK = rgb(0.12, 0.13, 0.15);
const MUTED = rgb(0.36, 0.38, 0.41);
/** The green of the society's logo. */
const ACCENT = rgb(0.07, 0.37, 0.24);

const REGULAR: Typeface = { latin: "serif", arabic: "naskh" };
const ITALIC: Typeface = { latin: "serifItalic", arabic: "naskh" };
const BOLD: Typeface = { latin: "serifBold", arabic: "naskhBold" };
const LATIN_FACES: Face[] = ["serif", "serifItalic", "serifBold"];
const ARABIC_FACES: Face[] = ["naskh", "naskhBold"];

/** A4 landscape, in points. */
const [WIDTH, HEIGHT] = [PageSizes.A4[1], PageSizes.A4[0]];
const CENTRE = WIDTH / 2;
const TEXT_WIDTH = 600;
/** The modules of white that QR readers need around the code. */
const QR_QUIET_MODULES = 4;
const QR_SIDE = 86;
const LOGO_BOX = { width: 66, height: 66 };
const SIGNATURE_BOX = { width: 170, height: 46 };

/** Between the baselines of a text's lines, as a multiple of its size. */
const LEADING = 1.3;

type Box = typeof LOGO_BOX;

interface TextStyle {
  typeface: Typeface;
  size: number;
  /** As small as the text may be shrunk to fit (else not at all). */
  minSize?: number;
  maxLines?: number;
  color: Color;
}

interface Placement {
  y: number;
  x?: number;
  align?: Alignment;
  maxWidth?: number;
}

/** One certificate of attendance: a one-page A4 PDF. */
export async function drawCertificate(drawing: CertificateDrawing): Promise<Uint8Array> {
  // updateMetadata off: no creation date or producer, so that drawing a certificate again gives the same document.
  const document = await PDFDocument.create({ updateMetadata: false });
  document.setTitle(`${HEADING}: ${drawing.personName}`, { showInWindowTitleBar: true });
  document.setSubject(`${drawing.eventTitle}, ${drawing.eventDateText}`);
  document.setAuthor(drawing.societyName);
  document.setLanguage("en");
  const fonts = await embedFaces(document, facesFor(drawing));
  const page = document.addPage([WIDTH, HEIGHT]);
  drawFrame(page);
  const logo = drawing.logo && (await embedImage(document, drawing.logo, LOGO_BOX));
  drawAttendance(page, fonts, drawing, drawHeader(page, fonts, drawing.societyName, logo));
  const signature = drawing.signatory?.signature && (await embedImage(document, drawing.signatory.signature, SIGNATURE_BOX));
  if (drawing.signatory) drawSignatory(page, fonts, drawing.signatory, signature ?? null);
  drawVerification(page, fonts, drawing);
  return document.save();
}

/** The faces the drawing's text needs: the Arabic ones only if some of it is in the Arabic script. */
function facesFor(drawing: CertificateDrawing): Face[] {
  const texts = [drawing.societyName, drawing.personName, drawing.eventTitle, drawing.eventDateText, drawing.role ?? ""];
  if (drawing.signatory) texts.push(drawing.signatory.name, drawing.signatory.title);
  return texts.some(usesArabicScript) ? [...LATIN_FACES, ...ARABIC_FACES] : LATIN_FACES;
}

/** An image made ready for print once (either type comes out a JPEG), embedded in each document. */
async function embedImage(document: PDFDocument, image: CertificateImage, box: Box): Promise<PDFImage> {
  return document.embedJpg(await printReadyJpeg(image.bytes, box));
}

function drawFrame(page: PDFPage): void {
  const rectangle = (inset: number, borderWidth: number) =>
    page.drawRectangle({ x: inset, y: inset, width: WIDTH - 2 * inset, height: HEIGHT - 2 * inset, borderColor: ACCENT, borderWidth });
  rectangle(20, 2.2);
  rectangle(27, 0.6);
}

/** At the top: the logo, the society's name, the heading and a rule under it. Returns the heading's baseline. */
function drawHeader(page: PDFPage, fonts: DocumentFonts, societyName: string, logo: PDFImage | null): number {
  if (logo) {
    const { width, height } = logo.scaleToFit(LOGO_BOX.width, LOGO_BOX.height);
    page.drawImage(logo, { x: CENTRE - width / 2, y: HEIGHT - 48 - height, width, height });
  }
  const societyY = drawText(page, fonts, societyName, { typeface: BOLD, size: 15, minSize: 10, color: ACCENT }, { y: HEIGHT - 142 });
  const headingY = drawText(page, fonts, HEADING, { typeface: BOLD, size: 34, color: INK }, { y: societyY - 46 });
  drawOrnament(page, headingY - 18);
  return headingY;
}

/** Under the heading: who attended what, when, and as what. */
function drawAttendance(page: PDFPage, fonts: DocumentFonts, drawing: CertificateDrawing, headingY: number): void {
  let y = drawText(page, fonts, "This certifies that", { typeface: ITALIC, size: 14, color: MUTED }, { y: headingY - 50 });
  y = drawName(page, fonts, drawing.personName, y - 18);
  y = drawText(page, fonts, "attended", { typeface: ITALIC, size: 14, color: MUTED }, { y: y - 44 });
  y = drawText(page, fonts, drawing.eventTitle, { typeface: BOLD, size: 20, minSize: 13, maxLines: 2, color: INK }, { y: y - 30 });
  y = drawText(page, fonts, `on ${drawing.eventDateText}`, { typeface: REGULAR, size: 14, minSize: 10, color: INK }, { y: y - 26 });
  const details = attendanceDetails(drawing.role, drawing.hours);
  if (details) drawText(page, fonts, details, { typeface: REGULAR, size: 13, minSize: 10, color: MUTED }, { y: y - 22 });
}

/** The name, large, its first line's top at `top`, over a rule a little wider than it. Returns its last baseline. */
function drawName(page: PDFPage, fonts: DocumentFonts, name: string, top: number): number {
  const fitted = fitText(name, BOLD, { size: 36, minSize: 20, maxWidth: TEXT_WIDTH, maxLines: 2 });
  const firstY = top - fitted.size;
  drawLines(page, fonts, fitted, { x: CENTRE, y: firstY, align: "centre", leading: LEADING }, INK);
  const lastY = firstY - (fitted.lines.length - 1) * LEADING * fitted.size;
  const widest = Math.max(...fitted.lines.map((line) => line.emWidth * fitted.size));
  const halfRule = Math.min(Math.max(widest / 2 + 30, 190), TEXT_WIDTH / 2);
  page.drawLine({
    start: { x: CENTRE - halfRule, y: lastY - 16 },
    end: { x: CENTRE + halfRule, y: lastY - 16 },
    thickness: 0.6,
    color: ACCENT,
  });
  return lastY;
}

/**
 * `text` with its first baseline at `at.y`, centred on the page unless told otherwise, shrunk (and wrapped, if more
 * lines are allowed) to fit. Returns its last baseline.
 */
function drawText(page: PDFPage, fonts: DocumentFonts, text: string, style: TextStyle, at: Placement): number {
  const { typeface, size, minSize = size, maxLines = 1, color } = style;
  const { x = CENTRE, y, align = "centre", maxWidth = TEXT_WIDTH } = at;
  const fitted = fitText(text, typeface, { size, minSize, maxWidth, maxLines });
  drawLines(page, fonts, fitted, { x, y, align, leading: LEADING }, color);
  return y - (fitted.lines.length - 1) * LEADING * fitted.size;
}

/** A short rule with a diamond at its middle, under the heading. */
function drawOrnament(page: PDFPage, y: number): void {
  for (const side of [-1, 1]) {
    page.drawLine({ start: { x: CENTRE + side * 10, y }, end: { x: CENTRE + side * 70, y }, thickness: 0.8, color: ACCENT });
  }
  page.drawSvgPath("M 0 -4 L 4 0 L 0 4 L -4 0 Z", { x: CENTRE, y, color: ACCENT });
}

/** "as Volunteer · 3 hours", either half alone, or nothing. */
function attendanceDetails(role: string | null, hours: number | null): string | null {
  const parts: string[] = [];
  if (role) parts.push(`as ${role}`);
  if (hours !== null)
    parts.push(`${new Intl.NumberFormat("en-GB", { maximumFractionDigits: 2 }).format(hours)} ${hours === 1 ? "hour" : "hours"}`);
  return parts.length > 0 ? parts.join(" · ") : null;
}

/** Bottom left: the signature over a line, then the signatory's name and title. */
function drawSignatory(
  page: PDFPage,
  fonts: DocumentFonts,
  signatory: NonNullable<CertificateDrawing["signatory"]>,
  signature: PDFImage | null,
): void {
  const x = 210;
  const lineY = 104;
  if (signature) {
    const { width, height } = signature.scaleToFit(SIGNATURE_BOX.width, SIGNATURE_BOX.height);
    page.drawImage(signature, { x: x - width / 2, y: lineY + 4, width, height });
  }
  page.drawLine({ start: { x: x - 100, y: lineY }, end: { x: x + 100, y: lineY }, thickness: 0.7, color: INK });
  const under = { x, align: "centre", maxWidth: 240 } as const;
  drawText(page, fonts, signatory.name, { typeface: BOLD, size: 12, minSize: 7, color: INK }, { ...under, y: lineY - 17 });
  drawText(page, fonts, signatory.title, { typeface: REGULAR, size: 10, minSize: 7, color: MUTED }, { ...under, y: lineY - 31 });
}

/** Bottom right: the QR code of the verification page, with the certificate's number and the page's address beside it. */
function drawVerification(page: PDFPage, fonts: DocumentFonts, drawing: CertificateDrawing): void {
  const right = WIDTH - 46;
  const bottom = 46;
  drawQrCode(page, drawing.verifyUrl, { x: right - QR_SIDE, y: bottom, side: QR_SIDE });
  const beside = { x: right - QR_SIDE + 2, align: "right", maxWidth: 300 } as const;
  drawText(
    page,
    fonts,
    `Certificate no. ${drawing.number}`,
    { typeface: BOLD, size: 9, minSize: 5, color: INK },
    { ...beside, y: bottom + 48 },
  );
  drawText(page, fonts, "Verify at", { typeface: ITALIC, size: 8, color: MUTED }, { ...beside, y: bottom + 34 });
  drawText(page, fonts, drawing.verifyUrl, { typeface: REGULAR, size: 8, minSize: 5, color: MUTED }, { ...beside, y: bottom + 23 });
}

/** A vector QR code (error correction M, as server/qr-code.ts), its quiet margin inside the square at (x, y). */
function drawQrCode(page: PDFPage, text: string, square: { x: number; y: number; side: number }): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const moduleSide = square.side / (modules.size + 2 * QR_QUIET_MODULES);
  const path: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (!modules.get(row, column)) continue;
      let end = column;
      while (end + 1 < modules.size && modules.get(row, end + 1)) end++;
      // One rectangle for each stretch of dark modules in a row: fewer seams for a renderer to show.
      path.push(`M${column} ${row}h${end - column + 1}v1h${column - end - 1}z`);
      column = end;
    }
  }
  const margin = QR_QUIET_MODULES * moduleSide;
  page.drawSvgPath(path.join(""), { x: square.x + margin, y: square.y + square.side - margin, scale: moduleSide, color: INK });
}
