import crypto from "node:crypto";
import type { AppLoadContext } from "react-router";
import type { ContactSubmission } from "~/schemas/contact";
import { HONEYPOT_FIELD, type JoinSubmission } from "~/schemas/join";
import { rateLimitsRepo } from "../../server/repos/rate-limits";
import { submitContactMessage } from "../../server/services/contact";
import type { SubmissionGate } from "../../server/services/idempotent-store";
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

/** A submission refused because its client address reached the limit; nothing was stored. */
export class FormLimitReached extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("form limit reached");
    this.name = "FormLimitReached";
  }
}

/**
 * Counts the submission against its client address inside the transaction that stores it, so the count and the
 * submission reach the disk together: one synchronous write per submission instead of two. A refused or failed
 * submission rolls its count back, which changes nothing a client sees: the window's end stays where it was, and
 * the count is at the limit already. The counter key holds a hash, never the address.
 */
function countAgainstLimit(context: AppLoadContext, form: PublicFormName): SubmissionGate {
  const key = `${form}:ip:${crypto.createHash("sha256").update(context.clientIp).digest("hex")}`;
  return async (trx) => {
    const result = await rateLimitsRepo(trx).hit(key, PUBLIC_FORM_LIMIT.limit, PUBLIC_FORM_LIMIT.windowMs);
    if (!result.allowed) throw new FormLimitReached(result.retryAfterSeconds);
    // Logged once per address and window (its last submission), not per refused attempt.
    if (result.remaining === 0) logSecurityEvent(context.logger, "form.limit-reached", { form, windowSeconds: PUBLIC_FORM_LIMIT.windowMs / 1000 });
  };
}

/** Whether the browser posted without JavaScript (a plain form), so the answer is a redirect, not JSON. */
export const wantsHtml = (request: Request): boolean => !(request.headers.get("accept") ?? "").includes("application/json");

/**
 * Counts an application against its client's limit, stores it and queues its notification (one transaction), then
 * nudges the mail worker. Throws FormLimitReached when the client is over the limit.
 */
export async function storeJoinApplication(context: AppLoadContext, submission: JoinSubmission) {
  const { db, publicUrl, mail, site } = context;
  const admit = countAgainstLimit(context, "join");
  const stored = await submitJoinApplication({ db, publicUrl, timeZone: mail.timeZone, questions: site.joinQuestions, admit }, submission);
  mail.wake();
  return stored;
}

/** The contact form's counterpart of storeJoinApplication: limit, message and mail in one transaction. */
export async function storeContactMessage(context: AppLoadContext, submission: ContactSubmission) {
  const admit = countAgainstLimit(context, "contact");
  const stored = await submitContactMessage({ db: context.db, timeZone: context.mail.timeZone, admit }, submission);
  context.mail.wake();
  return stored;
}
