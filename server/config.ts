import path from "node:path";
import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./auth/password.server";

/**
 * The environment, parsed once at start. Each variable is documented in the README.
 * A bad value stops the start with one line per variable naming it and what is expected.
 */
const port = z.coerce
  .number({ error: "a port number from 1 to 65535" })
  .int("a port number from 1 to 65535")
  .min(1, "a port number from 1 to 65535")
  .max(65535, "a port number from 1 to 65535");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"], { error: "one of development, production, test" }).default("production"),
  PORT: port.default(3000),
  HOST: z.string().min(1, "a host name or address to listen on, e.g. 127.0.0.1 or 0.0.0.0").default("127.0.0.1"),
  DATA_DIR: z.string().min(1, "a directory path").default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:|file:)/, "a postgres://… URL, or sqlite:<path> (unset: SQLite at DATA_DIR/site.db)")
    .optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "an absolute http(s) URL such as https://society.example.org" })
    .transform((url) => url.replace(/\/+$/, ""))
    .optional(),
  ADMIN_EMAIL: z.email({ error: "an email address, e.g. admin@society.example.org" }).optional(),
  // Never echoed back in an error line: see parseConfig.
  ADMIN_PASSWORD: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `a password of ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `a password of ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`)
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
    error: "one of fatal, error, warn, info, debug, trace, silent",
  }).default("info"),
});

export type Env = z.infer<typeof envSchema>;

export type DatabaseTarget =
  | { engine: "sqlite"; file: string }
  | { engine: "postgres"; url: string };

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseTarget;
  publicUrl: string;
  logLevel: Env["LOG_LEVEL"];
  /** Both or neither (checked here): the admin created at first start. */
  admin: { email: string; password: string } | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "ConfigError";
  }
}

/** Empty strings count as unset, so `PORT= npm start` behaves like no PORT at all. */
function withoutEmpty(source: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(source).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ""));
}

export function parseConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmpty(source));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      const got = name === "ADMIN_PASSWORD" ? "" : ` (got ${JSON.stringify(source[name] ?? "")})`;
      return `Invalid environment variable ${name}: expected ${issue.message}${got}`;
    });
    throw new ConfigError(problems);
  }
  const env = parsed.data;
  if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(["ADMIN_EMAIL and ADMIN_PASSWORD must be set together (or neither, to get a one-time password at first start)"]);
  }
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    database: databaseTarget(env.DATABASE_URL, dataDir),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    logLevel: env.LOG_LEVEL,
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined,
  };
}

function databaseTarget(url: string | undefined, dataDir: string): DatabaseTarget {
  if (!url) return { engine: "sqlite", file: path.join(dataDir, "site.db") };
  if (/^postgres(ql)?:\/\//.test(url)) return { engine: "postgres", url };
  return { engine: "sqlite", file: path.resolve(url.replace(/^(sqlite|file):/, "")) };
}
