import { SMTPServer } from "smtp-server";

/** A mail as the SMTP server received it: envelope, raw source, unfolded headers, the decoded text parts and its files. */
export interface CaughtMail {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
  /** Header names lower-cased, in order; a header that appears twice appears twice. */
  headers: [string, string][];
  header(name: string): string | undefined;
  text: string;
  html: string;
  attachments: CaughtAttachment[];
}

/** What the server answers to a message: accept it (undefined), or an SMTP error code such as 451 or 550. */
export type CatcherReply = (mail: CaughtMail) => number | undefined;

export interface SmtpCatcher {
  port: number;
  url: string;
  /** Every accepted mail, in arrival order. */
  mails: CaughtMail[];
  /** Every message offered, accepted or refused. */
  offered: number;
  reply: CatcherReply;
  /** How long the server takes to answer each message (0: at once), to hold a delivery in hand. */
  answerDelayMs: number;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves when `count` mails have been accepted (fails after `timeoutMs`). */
  waitForMails(count: number, timeoutMs?: number): Promise<CaughtMail[]>;
  /** Resolves with the first accepted mail whose text contains `text`. */
  waitForMail(text: string, timeoutMs?: number): Promise<CaughtMail>;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function splitHeaders(source: string): { headers: [string, string][]; body: string } {
  const end = source.search(/\r?\n\r?\n/);
  const head = end === -1 ? source : source.slice(0, end);
  const body = end === -1 ? "" : source.slice(end).replace(/^\r?\n\r?\n/, "");
  const headers: [string, string][] = [];
  for (const line of head.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && headers.length > 0) headers[headers.length - 1]![1] += ` ${line.trim()}`;
    else {
      const colon = line.indexOf(":");
      if (colon > 0) headers.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]);
    }
  }
  return { headers, body };
}

function decodePart(headers: [string, string][], body: string): Buffer {
  const encoding = headers.find(([name]) => name === "content-transfer-encoding")?.[1].toLowerCase();
  if (encoding === "quoted-printable") return Buffer.from(decodeQuotedPrintable(body));
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64");
  return Buffer.from(body);
}

/** A file sent with a mail: its name, type and decoded content (as text, and as bytes), and its Content-ID if any. */
export interface CaughtAttachment {
  filename: string;
  contentType: string;
  content: string;
  bytes: Buffer;
  contentId: string | undefined;
}

/**
 * The text/plain and text/html parts of a message and the files attached to it, through nested multiparts (a mail
 * with an attachment is multipart/mixed around a multipart/alternative).
 */
function mailParts(headers: [string, string][], body: string, into: { text: string; html: string; attachments: CaughtAttachment[] }) {
  const type = headers.find(([name]) => name === "content-type")?.[1] ?? "text/plain";
  const disposition = headers.find(([name]) => name === "content-disposition")?.[1] ?? "";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith("--")) break;
      const parsed = splitHeaders(part.replace(/^\r?\n/, ""));
      mailParts(parsed.headers, parsed.body.replace(/\r?\n$/, ""), into);
    }
    return into;
  }
  const bytes = decodePart(headers, body);
  const decoded = bytes.toString("utf8");
  if (disposition.startsWith("attachment")) {
    const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? "";
    const contentId = headers.find(([name]) => name === "content-id")?.[1].replace(/^<|>$/g, "");
    into.attachments.push({ filename, contentType: type, content: decoded, bytes, contentId });
  } else if (type.startsWith("text/html")) into.html = decoded;
  else if (type.startsWith("text/plain")) into.text = decoded;
  return into;
}

export function parseMail(raw: string, envelopeFrom = "", envelopeTo: string[] = []): CaughtMail {
  const { headers, body } = splitHeaders(raw);
  const { text, html, attachments } = mailParts(headers, body, { text: "", html: "", attachments: [] });
  return {
    envelopeFrom,
    envelopeTo,
    raw,
    headers,
    header: (name) => headers.find(([n]) => n === name.toLowerCase())?.[1],
    text,
    html,
    attachments,
  };
}

/**
 * A real SMTP server for the tests (no TLS, no authentication), on a fixed port so it can be stopped and
 * started again while the site keeps the same SMTP_URL.
 */
export function smtpCatcher(port: number, options: { onMail?: (mail: CaughtMail) => void } = {}): SmtpCatcher {
  let server: SMTPServer | undefined;
  const catcher: SmtpCatcher = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails: [],
    offered: 0,
    reply: () => undefined,
    answerDelayMs: 0,
    async start() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["AUTH", "STARTTLS"],
        logger: false,
        // Stopping (to simulate an outage) must not wait for the site's open connections.
        closeTimeout: 500,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            catcher.offered += 1;
            setTimeout(answer, catcher.answerDelayMs);
          });
          const answer = () => {
            const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
            const mail = parseMail(
              Buffer.concat(chunks).toString("utf8"),
              envelopeFrom,
              session.envelope.rcptTo.map((r) => r.address),
            );
            const code = catcher.reply(mail);
            if (code) {
              const error = Object.assign(new Error(code >= 500 ? "Refused for good" : "Try again later"), { responseCode: code });
              callback(error);
              return;
            }
            catcher.mails.push(mail);
            options.onMail?.(mail);
            callback(null);
          };
        },
      });
      const started = server;
      await new Promise<void>((resolve, reject) => {
        started.once("error", reject);
        started.listen(port, "127.0.0.1", () => resolve());
      });
    },
    async stop() {
      const running = server;
      server = undefined;
      if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
    },
    async waitForMails(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (catcher.mails.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, caught ${catcher.mails.length} in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return catcher.mails;
    },
    async waitForMail(text, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = catcher.mails.find((m) => m.text.includes(text));
        if (mail) return mail;
        if (Date.now() > deadline)
          throw new Error(`no mail containing ${JSON.stringify(text)} within ${timeoutMs} ms (caught ${catcher.mails.length})`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
  return catcher;
}
