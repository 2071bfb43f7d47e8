import path from "node:path";
import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#core/schemas/password.ts";
import { parseSecretsKey, SECRETS_KEY_FORMAT } from "./secrets-key";
import type { S3Location } from "./storage/s3-storage";
import { trustedProxiesProblem } from "./trusted-proxies";

/**
 * The environment, parsed once at start. Each variable is documented in docs/configuration.md.
 * A bad value stops the start with one line per variable naming it and what is expected.
 */

/** A whole number from `min` to `max`; `expected` is the one message for every way a value can miss. */
const wholeNumber = (expected: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number({ error: expected }).int(expected).min(min, expected).max(max, expected);
const milliseconds = (min: number, max: number) => wholeNumber(`a number of milliseconds from ${min} to ${max}`, min, max);
const positiveMs = wholeNumber("a number of milliseconds above 0", 1);
const matching = (pattern: RegExp, expected: string) => z.string().regex(pattern, expected);
const httpUrl = (expected: string) => z.url({ protocol: /^https?$/, error: expected });

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"], { error: "one of development, production, test" }).default("production"),
  PORT: wholeNumber("a port number from 1 to 65535", 1, 65535).default(3000),
  HOST: z.string().min(1, "a host name or address to listen on, e.g. 127.0.0.1 or 0.0.0.0").default("127.0.0.1"),
  DATA_DIR: z.string().min(1, "a directory path").default("./data"),
  DATABASE_URL: matching(
    /^(postgres(ql)?:\/\/|sqlite:|file:)/,
    "a postgres://… URL, or sqlite:<path> (unset: SQLite at DATA_DIR/site.db)",
  ).optional(),
  SITE_TIMEZONE: z.string().refine(isTimeZone, "an IANA time zone such as Asia/Karachi").default("Asia/Karachi"),
  PUBLIC_URL: httpUrl("an absolute http(s) URL such as https://society.example.org")
    .transform((url) => url.replace(/\/+$/, ""))
    .optional(),
  ADMIN_EMAIL: z.email({ error: "an email address, e.g. admin@society.example.org" }).optional(),
  // Never echoed back in an error line: see parseConfig.
  ADMIN_PASSWORD: z
    .string()
    .min(PASSWORD_MIN_LENGTH, { error: `a password of ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`, abort: true })
    .max(PASSWORD_MAX_LENGTH, { error: `a password of ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`, abort: true })
    // Whether it is easy to guess is judged when it is used, at the first start (ensureAdmin): it is ignored after.
    .optional(),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
  TRUST_PROXY: z
    .string()
    .regex(/^(false|\d+|[0-9a-fA-F.:/, ]+|loopback|linklocal|uniquelocal)$/, {
      error:
        "false, a number of proxy hops, or the proxies' addresses/subnets (comma-separated); not true, which would believe any X-Forwarded-For a client sends",
      abort: true,
    })
    .superRefine((value, context) => {
      const problem = /^(false|\d+|loopback|linklocal|uniquelocal)$/.test(value) ? undefined : trustedProxiesProblem(value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    })
    .default("false"),
  // Unset: chosen from the variables given (see mailTransportKind).
  MAIL_TRANSPORT: z.enum(["log", "smtp", "emailjs"], { error: "one of log, smtp, emailjs" }).optional(),
  SMTP_URL: matching(/^smtps?:\/\//, "an smtp://user:pass@host:port or smtps://… URL").optional(),
  SMTP_TIMEOUT_MS: positiveMs.default(10_000),
  MAIL_FROM: z.string().min(3, "a sender address, e.g. Society website <website@example.org>").optional(),
  MAIL_TO: z.string().min(3, "the address that receives join and contact notifications").optional(),
  EMAILJS_SERVICE_ID: z.string().optional(),
  EMAILJS_TEMPLATE_ID_JOIN: z.string().optional(),
  EMAILJS_TEMPLATE_ID_CONTACT: z.string().optional(),
  EMAILJS_TEMPLATE_ID_CONFIRMATION: z.string().optional(),
  EMAILJS_PUBLIC_KEY: z.string().optional(),
  EMAILJS_PRIVATE_KEY: z.string().optional(),
  EMAILJS_URL: httpUrl("an http(s) URL").default("https://api.emailjs.com/api/v1.0/email/send"),
  OUTBOX_POLL_MS: positiveMs.default(2_000),
  OUTBOX_BACKOFF_BASE_MS: positiveMs.default(30_000),
  OUTBOX_BACKOFF_MAX_MS: positiveMs.default(3_600_000),
  OUTBOX_MAX_ATTEMPTS: wholeNumber("a whole number from 1", 1).default(10),
  OUTBOX_LEASE_MS: positiveMs.default(120_000),
  PUSH_POLL_MS: positiveMs.default(5_000),
  PUSH_MAX_ATTEMPTS: wholeNumber("a whole number from 1", 1).default(8),
  SHUTDOWN_DRAIN_MS: milliseconds(0, 5000).default(0),
  PAGE_CACHE_SECONDS: wholeNumber("a number of seconds from 0 to 300", 0, 300).default(2),
  READINESS_CHECK_SECONDS: wholeNumber("a number of seconds from 0 to 60", 0, 60).default(5),
  STORAGE: z.enum(["fs", "s3"], { error: "one of fs (files under DATA_DIR/uploads), s3" }).default("fs"),
  S3_ENDPOINT: httpUrl("an http(s) URL such as https://s3.eu-central-1.amazonaws.com (unset: AWS itself)")
    .refine(
      (url) => !new URL(url).username && !new URL(url).password,
      "a URL without a user name or password (the keys go in S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)",
    )
    .optional(),
  S3_REGION: matching(/^[a-z0-9-]+$/i, "a region name such as us-east-1 or eu-central-1").default("us-east-1"),
  S3_BUCKET: matching(
    /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
    "a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens",
  ).optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"], { error: "true or false" })
    .transform((value) => value === "true")
    .default(false),
  // Never echoed back in an error line: see parseConfig. Unset: DATA_DIR/secrets.key (server/secrets-at-rest.ts).
  SECRETS_KEY: z
    .string()
    .transform((value, context) => {
      const key = parseSecretsKey(value);
      if (!key) context.addIssue({ code: "custom", message: SECRETS_KEY_FORMAT });
      return key ?? z.NEVER;
    })
    .optional(),
  HTTP_HEADERS_TIMEOUT_MS: milliseconds(500, 60_000).default(15_000),
  HTTP_REQUEST_TIMEOUT_MS: milliseconds(1000, 300_000).default(30_000),
});

type Env = z.infer<typeof envSchema>;

export type Config = ReturnType<typeof parseConfig>;
export type DatabaseTarget = Config["database"];
export type MailConfig = Config["mail"];
export type PushConfig = Config["push"];
export type StorageConfig = Config["storage"];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "ConfigError";
  }
}

/** Variables that may hold a password or key: an error about them never repeats their value. */
const SECRET_VARIABLES = new Set([
  "ADMIN_PASSWORD",
  "SMTP_URL",
  "EMAILJS_PRIVATE_KEY",
  "EMAILJS_PUBLIC_KEY",
  "DATABASE_URL",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "SECRETS_KEY",
]);

/** A URL with a user name or password in it (`https://user:pass@host`) is a secret wherever it is set. */
const hasUserInfo = (value: string) => /:\/\/[^/@\s]*@/.test(value);

/** Empty strings count as unset, so `PORT= npm start` behaves like no PORT at all. */
function withoutEmpty(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(source).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ""));
}

/** The line that stops the start for a variable's bad value; a secret's value is never repeated. */
export function invalidVariable(name: string, expected: string, value: string): string {
  const got = SECRET_VARIABLES.has(name) || hasUserInfo(value) ? "value hidden" : `got ${JSON.stringify(value)}`;
  return `Invalid environment variable ${name}: expected ${expected} (${got})`;
}

export function parseConfig(source: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(withoutEmpty(source));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      return invalidVariable(name, issue.message, source[name] ?? "");
    });
    throw new ConfigError(problems);
  }
  const env = parsed.data;
  if (source.MAIL_TIME_ZONE) {
    throw new ConfigError([
      "MAIL_TIME_ZONE is now SITE_TIMEZONE (the society's time zone, for the admin area as well as mails): rename it",
    ]);
  }
  if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(["ADMIN_EMAIL and ADMIN_PASSWORD must be set together (or neither, to get a one-time password at first start)"]);
  }
  if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError([
      `HTTP_HEADERS_TIMEOUT_MS (${env.HTTP_HEADERS_TIMEOUT_MS}) must not exceed HTTP_REQUEST_TIMEOUT_MS (${env.HTTP_REQUEST_TIMEOUT_MS}): the headers are part of the request`,
    ]);
  }
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    database: databaseTarget(env.DATABASE_URL, dataDir),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    /**
     * The origins browsers may send writes from: PUBLIC_URL's. Without PUBLIC_URL the site runs on this machine, and
     * its loopback addresses are one place however they are spelt (localhost, 127.0.0.1, [::1]).
     */
    writeOrigins: env.PUBLIC_URL
      ? [new URL(env.PUBLIC_URL).origin]
      : ["localhost", "127.0.0.1", "[::1]"].map((host) => `http://${host}:${env.PORT}`),
    /** The society's time zone: times in mails and in the admin area, and the days of the admin's date filters. */
    siteTimeZone: env.SITE_TIMEZONE,
    logLevel: env.LOG_LEVEL,
    /** Express's "trust proxy": which X-Forwarded-For hops to believe for the client address. */
    trustProxy: trustProxy(env.TRUST_PROXY),
    /** On SIGTERM, how long /readyz answers 503 while requests are still served, before the listener closes. */
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    /**
     * How long a cached public page is served before the database is asked whether announcements or the Join Us
     * setting changed. Writes through this instance show at once; this bounds how long another instance's take.
     */
    pageCacheSeconds: env.PAGE_CACHE_SECONDS,
    /** How long /readyz answers from its last check before checking the database and storage again. */
    readinessCheckSeconds: env.READINESS_CHECK_SECONDS,
    /** How long a client may take to send its request headers, and its whole request; then the connection is cut. */
    http: { headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS, requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS },
    mail: mailConfig(env),
    push: pushConfig(env),
    /** Where uploaded images are kept. */
    storage: storageConfig(env, dataDir),
    /**
     * The key that encrypts second-factor secrets and keys the network codes; unset: the key file the start makes in
     * DATA_DIR. Never in the database or its backups.
     */
    secretsKey: env.SECRETS_KEY,
    /** Both or neither (checked above): the admin created at first start. */
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined,
  };
}

function trustProxy(value: string): false | number | string {
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** The mail settings; a transport without the variables it needs stops the start, naming each one. */
function mailConfig(env: Env) {
  return {
    transport: mailTransport(env),
    from: env.MAIL_FROM ?? "Website <website@localhost>",
    /** The notification address until one is set in the admin area; unset: the first admin's email. */
    to: env.MAIL_TO,
    outbox: {
      pollMs: env.OUTBOX_POLL_MS,
      backoffBaseMs: env.OUTBOX_BACKOFF_BASE_MS,
      backoffMaxMs: env.OUTBOX_BACKOFF_MAX_MS,
      maxAttempts: env.OUTBOX_MAX_ATTEMPTS,
      leaseMs: env.OUTBOX_LEASE_MS,
    },
  };
}

/**
 * Push notifications of announcements. The VAPID subject, the contact a push service may write to about the site's
 * pushes (RFC 8292: mailto: or https:): the sender address of MAIL_FROM, else PUBLIC_URL when it is https, else the
 * mail's default sender (a site on this machine only).
 */
function pushConfig(env: Env) {
  const address =
    env.MAIL_FROM && (/<([^<>\s]+@[^<>\s]+)>/.exec(env.MAIL_FROM)?.[1] ?? /^[^<>\s]+@[^<>\s]+$/.exec(env.MAIL_FROM.trim())?.[0]);
  const subject = address ? `mailto:${address}` : env.PUBLIC_URL?.startsWith("https://") ? env.PUBLIC_URL : "mailto:website@localhost";
  return {
    subject,
    /** How long the push worker waits between looks for due broadcasts and pushes (a scheduled announcement's). */
    pollMs: env.PUSH_POLL_MS,
    /** Attempts of one push before it is given up (a push service down, answering 429 or 5xx). */
    maxAttempts: env.PUSH_MAX_ATTEMPTS,
    /** Retries come back after 30 s, doubling, at most an hour apart: eight attempts span about an hour. */
    backoffBaseMs: 30_000,
    backoffMaxMs: 3_600_000,
    /** How long a batch of pushes is held by the process sending it; its sends time out well within it. */
    leaseMs: 120_000,
  };
}

/** The variables that configure each mail service: any of them given means the society set that service up. */
const SMTP_VARIABLES = ["SMTP_URL"] as const;
const EMAILJS_VARIABLES = [
  "EMAILJS_SERVICE_ID",
  "EMAILJS_TEMPLATE_ID_JOIN",
  "EMAILJS_TEMPLATE_ID_CONTACT",
  "EMAILJS_TEMPLATE_ID_CONFIRMATION",
  "EMAILJS_PUBLIC_KEY",
  "EMAILJS_PRIVATE_KEY",
] as const;

/**
 * MAIL_TRANSPORT, or without it the service whose variables are given (files under DATA_DIR/mail when none are).
 * A configured mail service is never silently replaced by files: MAIL_TRANSPORT=log beside SMTP or EmailJS variables,
 * or both services configured with no choice made, stops the start with one line saying why.
 */
function mailTransportKind(env: Env): "log" | "smtp" | "emailjs" {
  const given = (names: readonly (keyof Env)[]) => names.filter((name) => env[name] !== undefined);
  const smtp = given(SMTP_VARIABLES);
  const emailjs = given(EMAILJS_VARIABLES);
  if (env.MAIL_TRANSPORT === "log" && smtp.length + emailjs.length > 0) {
    throw new ConfigError([
      `MAIL_TRANSPORT=log writes mail to files, but ${[...smtp, ...emailjs].join(", ")} ${smtp.length + emailjs.length > 1 ? "are" : "is"} set: set MAIL_TRANSPORT to ${smtp.length > 0 ? "smtp" : "emailjs"} to send the mail, or remove ${smtp.length + emailjs.length > 1 ? "them" : "it"}`,
    ]);
  }
  if (env.MAIL_TRANSPORT) return env.MAIL_TRANSPORT;
  if (smtp.length > 0 && emailjs.length > 0) {
    throw new ConfigError(["Both SMTP_URL and EMAILJS_* variables are set: set MAIL_TRANSPORT to smtp or emailjs to choose one"]);
  }
  if (smtp.length > 0) return "smtp";
  if (emailjs.length > 0) return "emailjs";
  return "log";
}

function mailTransport(env: Env) {
  const kind = mailTransportKind(env);
  const setting = env.MAIL_TRANSPORT
    ? `MAIL_TRANSPORT=${kind}`
    : `mail by ${kind === "smtp" ? "SMTP (SMTP_URL is set)" : "EmailJS (EMAILJS_* is set)"}`;
  const need = (names: (keyof Env)[]) => requireVariables(env, names, setting);
  if (kind === "smtp") {
    need(["SMTP_URL", "MAIL_FROM"]);
    return { kind, url: env.SMTP_URL!, timeoutMs: env.SMTP_TIMEOUT_MS };
  }
  if (kind === "emailjs") {
    need(["EMAILJS_SERVICE_ID", "EMAILJS_TEMPLATE_ID_JOIN", "EMAILJS_TEMPLATE_ID_CONTACT", "EMAILJS_PUBLIC_KEY"]);
    return {
      kind,
      url: env.EMAILJS_URL,
      serviceId: env.EMAILJS_SERVICE_ID!,
      templateIds: {
        join: env.EMAILJS_TEMPLATE_ID_JOIN!,
        contact: env.EMAILJS_TEMPLATE_ID_CONTACT!,
        confirmation: env.EMAILJS_TEMPLATE_ID_CONFIRMATION,
      },
      publicKey: env.EMAILJS_PUBLIC_KEY!,
      accessToken: env.EMAILJS_PRIVATE_KEY,
    };
  }
  return { kind };
}

/** Stops the start, naming each variable of `names` that is unset, when `setting` needs them. */
function requireVariables(env: Env, names: (keyof Env)[], setting: string): void {
  const absent = names.filter((name) => !env[name]);
  if (absent.length > 0) throw new ConfigError(absent.map((name) => `Missing environment variable ${name}: ${setting} needs it`));
}

/** Local files under DATA_DIR/uploads, or a bucket; STORAGE=s3 without a variable it needs stops the start, naming each one. */
function storageConfig(env: Env, dataDir: string): { kind: "fs"; dir: string } | ({ kind: "s3" } & S3Location) {
  if (env.STORAGE === "fs") return { kind: "fs", dir: path.join(dataDir, "uploads") };
  requireVariables(env, ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"], "STORAGE=s3");
  return {
    kind: "s3",
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! },
  };
}

function databaseTarget(
  url: string | undefined,
  dataDir: string,
): { engine: "sqlite"; file: string } | { engine: "postgres"; url: string } {
  if (!url) return { engine: "sqlite", file: path.join(dataDir, "site.db") };
  if (/^postgres(ql)?:\/\//.test(url)) return { engine: "postgres", url };
  return { engine: "sqlite", file: path.resolve(url.replace(/^(sqlite|file):/, "")) };
}
