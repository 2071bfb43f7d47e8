/**
 * The admin CLI's commands (scripts/admin.ts runs them as a process; scripts/admin.test.ts calls them in process):
 * `runAdminCli` gives the exit code and what to print on stdout or stderr.
 */
import path from "node:path";
import { ConfigError, type DatabaseTarget, parseConfig } from "#server/config.ts";
import { createDatabase, type DatabaseHandle, migrateToLatest } from "#server/db/database.ts";
import {
  AdminAccountError,
  adminExists,
  createAdminAccount,
  setAdminPassword,
  turnOffTwoFactor,
} from "#server/auth/admin-accounts.server.ts";
import { passwordSchema } from "#server/auth/password.server.ts";
import { AUDIT_ACTOR } from "#server/repos/audit-log.ts";
import { exportContent } from "#server/content/export-content.ts";
import { importContent } from "#server/content/import-content.ts";
import { ContentError, loadSiteFrom } from "#server/content/load-site.ts";
import { ENCODE_CACHE_DIR, encodeCache } from "#server/images/encode-cache.ts";
import { forgetSecretsKey } from "#server/secrets-at-rest.ts";
import { createLogger } from "#server/logger.ts";
import { openStorage } from "#server/storage/open-storage.ts";
import type { Readable, Writable } from "node:stream";
import { text } from "node:stream/consumers";
import { read } from "read";
import { errorMessage } from "#core/errors.ts";

const USAGE =
  "usage: admin create <email> | admin set-password <email> | admin turn-off-two-factor <email> | admin content export <dir> | admin content import <dir> [--yes] | admin forget-secrets-key [--yes]";

class CliError extends Error {}

/** What a run of the CLI reads and writes besides the database: the process's own, or a test's. */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  stdin: Readable & { isTTY?: boolean };
  stderr: Writable;
}

/** The first line of piped stdin. */
async function readPipedLine(io: CliIo): Promise<string> {
  const line = (await text(io.stdin)).split(/\r?\n/, 1)[0] ?? "";
  if (line === "") throw new CliError("no password on stdin (pipe it in, or run at a terminal to type it)");
  return line;
}

async function readNewPassword(io: CliIo): Promise<string> {
  if (!io.stdin.isTTY) return readPipedLine(io);
  // Typed without echo; read() rejects on Ctrl-C.
  const promptHidden = (prompt: string) =>
    read({ prompt, silent: true, replace: "", input: io.stdin, output: io.stderr }).catch(() => {
      throw new CliError("cancelled");
    });
  const first = await promptHidden("New password: ");
  const problem = await passwordSchema.safeParseAsync(first);
  if (!problem.success) throw new CliError(problem.error.issues[0]?.message ?? "invalid password");
  if ((await promptHidden("Repeat it: ")) !== first) throw new CliError("the passwords do not match");
  return first;
}

/** Whether the operator agrees to `question`: --yes, "yes" typed at a terminal, or "yes" on stdin. */
async function confirm(io: CliIo, question: string, flags: string[]): Promise<boolean> {
  if (flags.includes("--yes")) return true;
  const answer = io.stdin.isTTY
    ? await read({ prompt: question, input: io.stdin, output: io.stderr }).catch(() => "")
    : await readPipedLine(io);
  return answer.trim().toLowerCase() === "yes";
}

/** Runs `work` on the site's database, migrated to the latest schema first, and closes it after. */
async function withDatabase<T>(target: DatabaseTarget, work: (db: DatabaseHandle["db"]) => Promise<T>): Promise<T> {
  const database = createDatabase(target);
  try {
    await migrateToLatest(database.db);
    return await work(database.db);
  } finally {
    await database.close();
  }
}

async function runContent(io: CliIo, args: string[]): Promise<string> {
  const [action, dir, ...flags] = args;
  if ((action !== "export" && action !== "import") || !dir || flags.some((flag) => flag !== "--yes")) throw new CliError(USAGE);
  const config = parseConfig(io.env);
  return withDatabase(config.database, async (db) => {
    const storage = await openStorage(config.storage);
    if (action === "export") {
      const photos = await exportContent({ db, storage }, path.resolve(dir));
      return `Content exported to ${dir}: site.ts and ${photos} photo(s).`;
    }
    // Validated (every field and photo) before anything is asked or changed.
    const site = await loadSiteFrom(dir);
    const question = `Replace the whole content of the site with ${dir}? The current content and its photos are deleted. Type yes: `;
    if (!(await confirm(io, question, flags))) throw new CliError("nothing changed (the answer was not yes)");
    const deps = { db, storage, logger: createLogger("silent"), encoder: encodeCache(ENCODE_CACHE_DIR, { readOnly: true }) };
    await importContent(deps, site, {
      contentDir: dir,
      replace: true,
      actor: AUDIT_ACTOR.cli,
      onPhoto: (done, total) => {
        if (done % 20 === 0 || done === total) io.stderr.write(`photos: ${done} of ${total}\n`);
      },
    });
    return `Content imported from ${dir}; the site shows it on the next request.`;
  });
}

/** For an admin who lost both the app and the recovery codes: the password alone signs in again. */
async function runTurnOffTwoFactor(io: CliIo, email: string): Promise<string> {
  return withDatabase(parseConfig(io.env).database, async (db) => {
    const { admin, revokedSessions } = await turnOffTwoFactor(db, { email, actor: AUDIT_ACTOR.cli });
    return `Two-factor sign-in of ${admin.email} turned off; ${revokedSessions} session(s) signed out.`;
  });
}

/**
 * For a secrets key lost for good: the site cannot start without it while the database holds what it encrypted. Every
 * admin's two factors go (each signs in with the password, then sets them up again), and the next start takes a new key.
 */
async function runForgetSecretsKey(io: CliIo, flags: string[]): Promise<string> {
  if (flags.some((flag) => flag !== "--yes")) throw new CliError(USAGE);
  return withDatabase(parseConfig(io.env).database, async (db) => {
    const question =
      "Forget the lost secrets key? Every admin's two-factor sign-in is turned off (each sets it up again) and they are signed out. Type yes: ";
    if (!(await confirm(io, question, flags))) throw new CliError("nothing changed (the answer was not yes)");
    const { twoFactorTurnedOff, revokedSessions } = await forgetSecretsKey(db);
    return (
      `Secrets key forgotten: two-factor sign-in turned off for ${twoFactorTurnedOff} admin(s), ${revokedSessions} session(s) signed out. ` +
      "The next start uses SECRETS_KEY, or makes a new DATA_DIR/secrets.key."
    );
  });
}

async function run(io: CliIo, args: string[]): Promise<string> {
  if (args[0] === "content") return runContent(io, args.slice(1));
  if (args[0] === "forget-secrets-key") return runForgetSecretsKey(io, args.slice(1));
  const [command, email, ...extra] = args;
  if (command === "turn-off-two-factor" && email && extra.length === 0) return runTurnOffTwoFactor(io, email);
  if ((command !== "create" && command !== "set-password") || !email || extra.length > 0) throw new CliError(USAGE);
  return withDatabase(parseConfig(io.env).database, async (db) => {
    // Say so before asking for a password that could not be used.
    const existing = await adminExists(db, email);
    if (command === "create" && existing) throw new CliError(`an admin with the email ${email} already exists`);
    if (command === "set-password" && !existing) throw new CliError(`no admin has the email ${email}`);

    const password = await readNewPassword(io);
    if (command === "create") {
      const admin = await createAdminAccount(db, { email, password, actor: AUDIT_ACTOR.cli });
      return `Admin ${admin.email} created.`;
    }
    const { admin, revokedSessions } = await setAdminPassword(db, { email, password, actor: AUDIT_ACTOR.cli });
    return `Password of ${admin.email} set; ${revokedSessions} session(s) signed out.`;
  });
}

/** Runs one command line of the CLI: the exit code, and what it printed on stdout or stderr. */
export async function runAdminCli(args: string[], io: CliIo): Promise<{ code: 0 | 1; stdout: string; stderr: string }> {
  try {
    return { code: 0, stdout: `${await run(io, args)}\n`, stderr: "" };
  } catch (error) {
    const known =
      error instanceof CliError || error instanceof AdminAccountError || error instanceof ConfigError || error instanceof ContentError;
    const message = errorMessage(error);
    return { code: 1, stdout: "", stderr: `${known ? `admin: ${message}` : `admin: failed: ${message.split("\n").join("; ")}`}\n` };
  }
}
