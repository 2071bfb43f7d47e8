import nodemailer from "nodemailer";
import type { MailConfig } from "#server/config.ts";
import type { Logger } from "#server/logger.ts";
import { mailFiles } from "./mail-files";
import { MailDeliveryError } from "./delivery-error";
import type { Mail } from "./messages";

export interface MailTransport {
  /** Resolves when the mail was accepted; throws MailDeliveryError otherwise. */
  send(mail: Mail, jobId: string): Promise<void>;
  close?(): void;
}

/** SMTP replies: 4xx try again later, 5xx never will work. No reply at all (refused, timed out): try again. */
export function classifySmtpError(error: unknown): MailDeliveryError {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  if (typeof responseCode === "number" && responseCode >= 400 && responseCode < 600) {
    return new MailDeliveryError(`SMTP ${responseCode}`, responseCode >= 500);
  }
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  const name = typeof cause === "string" ? cause : typeof code === "string" ? code : "unknown error";
  return new MailDeliveryError(name, false);
}

/** The mail as nodemailer sends it, from the configured sender. */
function message({ from }: MailConfig, { to, replyTo, subject, text, html, attachments }: Mail) {
  return { from, to, replyTo, subject, text, html, attachments };
}

/**
 * The EmailJS template of each kind of mail: the test mail uses the contact template, a registrant's and a blood
 * donor's mails the confirmation's, as do an admin's account mail and a certificate's (they have the same parameters;
 * EmailJS sends no files: no calendar file, no certificate PDF). Without that template it is a permanent failure.
 */
function emailJsTemplate(templateIds: EmailJsConfig["templateIds"], kind: Mail["kind"]): string {
  const id = kind === "join" || kind === "contact" ? templateIds[kind] : kind === "test" ? templateIds.contact : templateIds.confirmation;
  if (!id) throw new MailDeliveryError("EmailJS template not set", true);
  return id;
}

function smtpTransport(config: MailConfig, url: string, timeoutMs: number): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    // One connection kept open for the mails that follow (a busy evening's notifications and confirmations) instead
    // of a new one, with its TLS handshake, per mail.
    pool: true,
    maxConnections: 1,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    async send(mail) {
      try {
        await transporter.sendMail(message(config, mail));
      } catch (error) {
        throw classifySmtpError(error);
      }
    },
    close: () => transporter.close(),
  };
}

/**
 * EmailJS answers (SPEC section 8): 451 API calls from this kind of client are disabled, 403 forbidden
 * (blocklist, wrong keys): both permanent until someone changes the account. 429 too many requests and
 * 5xx: try again later.
 */
export function classifyEmailJsStatus(status: number): MailDeliveryError {
  return new MailDeliveryError(`EmailJS ${status}`, !(status === 429 || status >= 500));
}

type EmailJsConfig = Extract<MailConfig["transport"], { kind: "emailjs" }>;

function emailJsTransport(config: EmailJsConfig, timeoutMs: number): MailTransport {
  return {
    async send(mail) {
      const templateId = emailJsTemplate(config.templateIds, mail.kind);
      const to = typeof mail.to === "string" ? mail.to : mail.to.address;
      let response: Response;
      try {
        response = await fetch(config.url, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            service_id: config.serviceId,
            template_id: templateId,
            user_id: config.publicKey,
            // `to_email`: a template whose "To Email" is {{to_email}} follows the notification address set in the admin area.
            template_params: { ...mail.templateParams, to_email: to },
            ...(config.accessToken ? { accessToken: config.accessToken } : {}),
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const cause = (error as { cause?: { code?: unknown }; name?: string }).cause?.code;
        throw new MailDeliveryError(
          typeof cause === "string" ? cause : (error as { name?: string }).name === "TimeoutError" ? "ETIMEDOUT" : "network error",
          false,
        );
      }
      await response.body?.cancel();
      if (!response.ok) throw classifyEmailJsStatus(response.status);
    },
  };
}

/** Development: each mail becomes DATA_DIR/mail/<job id>.eml, and one log line says where. */
function logTransport(config: MailConfig, dataDir: string, logger: Logger): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const files = mailFiles(dataDir);
  return {
    async send(mail, jobId) {
      const info = await transporter.sendMail(message(config, mail));
      const file = await files.write(jobId, info.message as Buffer);
      logger.info({ jobId, kind: mail.kind, file }, "mail written (log transport)");
    },
  };
}

export function createMailTransport(config: MailConfig, dataDir: string, logger: Logger): MailTransport {
  const { transport } = config;
  if (transport.kind === "smtp") return smtpTransport(config, transport.url, transport.timeoutMs);
  if (transport.kind === "emailjs") return emailJsTransport(transport, 10_000);
  return logTransport(config, dataDir, logger);
}
