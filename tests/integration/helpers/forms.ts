import crypto from "node:crypto";
import { rememberSecret } from "./log-secrets";
import type { TestServer } from "./test-server";

/** A complete, valid join application as the form posts it. */
export function joinApplication(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    fullname: "Ayesha Khan",
    class: "2nd Year",
    department: "MBBS",
    sargodhaAddress: "12 College Road, Sargodha",
    permanentAddress: "House 4, Street 9, Lahore",
    email: "  Ayesha.Khan@Example.ORG ",
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
  return { name: "Sara Malik", email: "Sara@Example.org", message: "When is the next study circle?", submissionKey: crypto.randomUUID(), ...overrides };
}

/** Posts JSON as the site's own forms do; `ip` becomes X-Forwarded-For (the servers run with TRUST_PROXY=true). */
export function postJson(server: TestServer, path: "/join" | "/contact", body: unknown, ip = "198.51.100.1"): Promise<Response> {
  if (typeof body === "object" && body !== null) {
    rememberSecret((body as Record<string, unknown>).email);
    rememberSecret((body as Record<string, unknown>).phone);
  }
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", "X-Forwarded-For": ip },
    body: JSON.stringify(body),
    redirect: "manual",
  });
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
  const count = async (table: "applications" | "contact_messages" | "mail_outbox") =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow()).n);
  return { applications: await count("applications"), contactMessages: await count("contact_messages"), outbox: await count("mail_outbox") };
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
