import crypto from "node:crypto";
import type { AppLoadContext } from "react-router";
import type { ContactSubmission } from "~/schemas/contact";
import { HONEYPOT_FIELD, type JoinSubmission } from "~/schemas/join";
import { submitContactMessage } from "../../server/services/contact";
import { logSecurityEvent } from "../../server/security-log";
import { submitJoinApplication } from "../../server/services/join";

/** Per client address: 5 join applications, and 5 contact messages, per 10 minutes. */
export const PUBLIC_FORM_LIMIT = { limit: 5, windowMs: 10 * 60 * 1000 } as const;

export type PublicFormName = "join" | "contact";

/** The posted fields, from JSON (the join form) or a form body (the contact form, also without JavaScript). */
export async function readPublicForm(request: Request): Promise<Record<string, unknown> | undefined> {
  const type = request.headers.get("content-type") ?? "";
  try {
    if (type.includes("application/json")) {
      const body: unknown = await request.json();
      return typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
    }
    const form = await request.formData();
    const fields: Record<string, unknown> = {};
    for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
    return fields;
  } catch {
    return undefined;
  }
}

/** A person never sees the honeypot field; anything in it means a bot filled the form. */
export const honeypotFilled = (fields: Record<string, unknown>): boolean => {
  const value = fields[HONEYPOT_FIELD];
  return typeof value === "string" ? value.trim() !== "" : value !== undefined && value !== null;
};

/** Counts one submission against the client address; the counter key holds a hash, never the address. */
export async function publicFormAllowed(context: AppLoadContext, form: PublicFormName): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const key = `${form}:ip:${crypto.createHash("sha256").update(context.clientIp).digest("hex")}`;
  const result = await context.repos.rateLimits.hit(key, PUBLIC_FORM_LIMIT.limit, PUBLIC_FORM_LIMIT.windowMs);
  // Logged once per address and window (its last submission), not per refused attempt.
  if (result.allowed && result.remaining === 0) logSecurityEvent(context.logger, "form.limit-reached", { form, windowSeconds: PUBLIC_FORM_LIMIT.windowMs / 1000 });
  return result;
}

/** Whether the browser posted without JavaScript (a plain form), so the answer is a redirect, not JSON. */
export const wantsHtml = (request: Request): boolean => !(request.headers.get("accept") ?? "").includes("application/json");

/** Stores an application and queues its notification (one transaction), then nudges the mail worker. */
export async function storeJoinApplication(context: AppLoadContext, submission: JoinSubmission) {
  const { db, publicUrl, mail, site } = context;
  const stored = await submitJoinApplication({ db, publicUrl, timeZone: mail.timeZone, questions: site.joinQuestions }, submission);
  mail.wake();
  return stored;
}

/** Stores a contact message and queues its mail (one transaction), then nudges the mail worker. */
export async function storeContactMessage(context: AppLoadContext, submission: ContactSubmission) {
  const stored = await submitContactMessage({ db: context.db, timeZone: context.mail.timeZone }, submission);
  context.mail.wake();
  return stored;
}
