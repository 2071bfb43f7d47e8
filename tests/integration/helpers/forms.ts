import crypto from "node:crypto";
import { rememberSecret } from "./log-secrets";
import { siteOrigin, type TestServer } from "./test-server";

/** A complete, valid join application as the form posts it. */
let applicantCounter = 0;

/** A join application from an applicant of its own (an email no other call used), so the per-email limit never trips. */
export function joinApplication(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  applicantCounter += 1;
  return {
    fullname: "Ayesha Khan",
    class: "2nd Year",
    department: "MBBS",
    sargodhaAddress: "12 College Road, Sargodha",
    permanentAddress: "House 4, Street 9, Lahore",
    email: `  Ayesha.Khan.${applicantCounter}@Example.ORG `,
    phone: "03001234567",
    bloodGroup: "B+",
    question1: "A society built on faith and service.",
    question2: "To serve my fellow students.",
    question3: "Selfhood and striving.",
    question4: "I read it every morning.",
    question5: ["reading", "cricket"],
    question6: ["Bang-e-Dra", "The Alchemist"],
    submissionKey: crypto.randomUUID(),
    ...overrides,
  };
}

export function contactMessage(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "Sara Malik",
    email: "Sara@Example.org",
    message: "When is the next study circle?",
    submissionKey: crypto.randomUUID(),
    ...overrides,
  };
}

/** The fields as a form sends them: each list entry as its own value. A /join form sends its whole application. */
export function formBody(path: "/join" | "/contact", fields: Record<string, unknown>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const entry of [value].flat()) if (entry !== undefined && entry !== null) body.append(name, String(entry));
  }
  if (path === "/join" && !body.has("intent")) body.append("intent", "submit");
  return body;
}

/**
 * Posts a public form as a browser does without JavaScript: the answer is the page, with the form's messages in it
 * (or, for a contact message sent without a submission key, a redirect to its thank-you). `ip` becomes
 * X-Forwarded-For (the servers run with TRUST_PROXY=loopback).
 */
export function postForm(
  server: TestServer,
  path: "/join" | "/contact",
  fields: Record<string, unknown>,
  ip = "198.51.100.1",
): Promise<Response> {
  rememberSecret(fields.email);
  rememberSecret(fields.phone);
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { ...siteOrigin(server.publicUrl), "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": ip },
    body: formBody(path, fields),
    redirect: "manual",
  });
}

/** The row a join application or contact message with this submission key stored, if any. */
export async function storedId(
  server: TestServer,
  table: "applications" | "contactMessages",
  submissionKey: unknown,
): Promise<string | undefined> {
  const row = await server.database.db.selectFrom(table).select("id").where("submissionKey", "=", String(submissionKey)).executeTakeFirst();
  return row?.id;
}

let ipCounter = 0;
/** A client address no other test used, so per-IP limits never leak between tests. */
export const freshIp = (): string => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/** Rows a submission may leave behind; every refused submission must leave these unchanged. */
export async function storedCounts(server: TestServer): Promise<{ applications: number; contactMessages: number; outbox: number }> {
  const { db } = server.database;
  const count = async (table: "applications" | "contactMessages" | "mailOutbox") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    applications: await count("applications"),
    contactMessages: await count("contactMessages"),
    outbox: await count("mailOutbox"),
  };
}

export async function waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const decode = (text: string) =>
  text
    .replace(/&(?:#x27|#39|apos);/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/**
 * What a form's page says to the visitor: the message for the whole form (an alert) and each field's message, by the
 * field's name (Conform gives a field's message the id `<form>-<name>-error`).
 */
export function pageMessages(html: string): { form?: string; fields: Record<string, string> } {
  const fields = Object.fromEntries(
    [...html.matchAll(/<p id="[^"]*?-(\w+)-error"[^>]*>([^<]*)<\/p>/g)].map(([, name, text]) => [name!, decode(text!)]),
  );
  const form = /<p role="alert"[^>]*>([^<]*)<\/p>/.exec(html)?.[1];
  return { form: form === undefined ? undefined : decode(form), fields };
}
