/**
 * `npm run admin -- create|set-password|turn-off-two-factor <email>`, `npm run admin -- content export|import <dir>` and
 * `npm run admin -- forget-secrets-key` (docs/operations.md),
 * on the database and storage the environment points at, as for the server. The password is never an argument (it
 * would land in shell history and the process list): typed twice without echo at a terminal, else the first line of
 * stdin. Exit code 0 on success, 1 with one line on stderr.
 */
import path from "node:path";
import { ConfigError, parseConfig } from "../server/config";
import { createDatabase, migrateToLatest } from "../server/db/database";
import {
  AdminAccountError,
  adminExists,
  createAdminAccount,
  setAdminPassword,
  turnOffTwoFactor,
} from "../server/auth/admin-accounts.server";
import { passwordSchema } from "../server/auth/password.server";
import { AUDIT_ACTOR } from "../server/repos/audit-log";
import { exportContent } from "../server/content/export-content";
import { importContent } from "../server/content/import-content";
import { ContentError, loadSiteFrom } from "../server/content/load-site";
import { ENCODE_CACHE_DIR, encodeCache } from "../server/images/encode-cache";
import { forgetSecretsKey } from "../server/secrets-at-rest";
import { createLogger } from "../server/logger";
import { openStorage } from "../server/storage/storage";
import { text } from "node:stream/consumers";
import { read } from "read";
import { errorMessage } from "#core/errors";

const USAGE =
  "usage: admin create <email> | admin set-password <email> | admin turn-off-two-factor <email> | admin content export <dir> | admin content import <dir> [--yes] | admin forget-secrets-key [--yes]";

class CliError extends Error {}

/** The first line of piped stdin. */
async function readPipedLine(): Promise<string> {
  const line = (await text(process.stdin)).split(/\r?\n/, 1)[0] ?? "";
  if (line === "") throw new CliError("no password on stdin (pipe it in, or run at a terminal to type it)");
  return line;
}

async function readNewPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readPipedLine();
  // Typed without echo; read() rejects on Ctrl-C.
  const promptHidden = (prompt: string) =>
    read({ prompt, silent: true, replace: "", output: process.stderr }).catch(() => {
      throw new CliError("cancelled");
    });
  const first = await promptHidden("New password: ");
  const problem = passwordSchema.safeParse(first);
  if (!problem.success) throw new CliError(problem.error.issues[0]?.message ?? "invalid password");
  if ((await promptHidden("Repeat it: ")) !== first) throw new CliError("the passwords do not match");
  return first;
}

/** Whether the operator agrees to `question`: --yes, "yes" typed at a terminal, or "yes" on stdin. */
async function confirm(question: string, flags: string[]): Promise<boolean> {
  if (flags.includes("--yes")) return true;
  const answer = process.stdin.isTTY ? await read({ prompt: question, output: process.stderr }).catch(() => "") : await readPipedLine();
  return answer.trim().toLowerCase() === "yes";
}

async function runContent(args: string[]): Promise<string> {
  const [action, dir, ...flags] = args;
  if ((action !== "export" && action !== "import") || !dir || flags.some((flag) => flag !== "--yes")) throw new CliError(USAGE);
  const config = parseConfig();
  const database = createDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    const storage = await openStorage(config.storage);
    if (action === "export") {
      const photos = await exportContent({ db: database.db, storage }, path.resolve(dir));
      return `Content exported to ${dir}: site.ts and ${photos} photo(s).`;
    }
    // Validated (every field and photo) before anything is asked or changed.
    const site = await loadSiteFrom(dir);
    const question = `Replace the whole content of the site with ${dir}? The current content and its photos are deleted. Type yes: `;
    if (!(await confirm(question, flags))) throw new CliError("nothing changed (the answer was not yes)");
    const deps = { db: database.db, storage, logger: createLogger("silent"), encoder: encodeCache(ENCODE_CACHE_DIR) };
    await importContent(deps, site, {
      contentDir: dir,
      replace: true,
      actor: AUDIT_ACTOR.cli,
      onPhoto: (done, total) => {
        if (done % 20 === 0 || done === total) process.stderr.write(`photos: ${done} of ${total}\n`);
      },
    });
    return `Content imported from ${dir}; the site shows it on the next request.`;
  } finally {
    await database.close();
  }
}

/** For an admin who lost both the app and the recovery codes: the password alone signs in again. */
async function runTurnOffTwoFactor(email: string): Promise<string> {
  const database = createDatabase(parseConfig().database);
  try {
    await migrateToLatest(database.db);
    const { admin, revokedSessions } = await turnOffTwoFactor(database.db, { email, actor: AUDIT_ACTOR.cli });
    return `Two-factor sign-in of ${admin.email} turned off; ${revokedSessions} session(s) signed out.`;
  } finally {
    await database.close();
  }
}

/**
 * For a secrets key lost for good: the site cannot start without it while the database holds what it encrypted. Every
 * admin's two factors go (each signs in with the password, then sets them up again), and the next start takes a new key.
 */
async function runForgetSecretsKey(flags: string[]): Promise<string> {
  if (flags.some((flag) => flag !== "--yes")) throw new CliError(USAGE);
  const database = createDatabase(parseConfig().database);
  try {
    await migrateToLatest(database.db);
    const question =
      "Forget the lost secrets key? Every admin's two-factor sign-in is turned off (each sets it up again) and they are signed out. Type yes: ";
    if (!(await confirm(question, flags))) throw new CliError("nothing changed (the answer was not yes)");
    const { twoFactorTurnedOff, revokedSessions } = await forgetSecretsKey(database.db);
    return (
      `Secrets key forgotten: two-factor sign-in turned off for ${twoFactorTurnedOff} admin(s), ${revokedSessions} session(s) signed out. ` +
      "The next start uses SECRETS_KEY, or makes a new DATA_DIR/secrets.key."
    );
  } finally {
    await database.close();
  }
}

async function run(args: string[]): Promise<string> {
  if (args[0] === "content") return runContent(args.slice(1));
  if (args[0] === "forget-secrets-key") return runForgetSecretsKey(args.slice(1));
  const [command, email, ...extra] = args;
  if (command === "turn-off-two-factor" && email && extra.length === 0) return runTurnOffTwoFactor(email);
  if ((command !== "create" && command !== "set-password") || !email || extra.length > 0) throw new CliError(USAGE);
  const database = createDatabase(parseConfig().database);
  try {
    await migrateToLatest(database.db);
    // Say so before asking for a password that could not be used.
    const existing = await adminExists(database.db, email);
    if (command === "create" && existing) throw new CliError(`an admin with the email ${email} already exists`);
    if (command === "set-password" && !existing) throw new CliError(`no admin has the email ${email}`);

    const password = await readNewPassword();
    if (command === "create") {
      const admin = await createAdminAccount(database.db, { email, password, actor: AUDIT_ACTOR.cli });
      return `Admin ${admin.email} created.`;
    }
    const { admin, revokedSessions } = await setAdminPassword(database.db, { email, password, actor: AUDIT_ACTOR.cli });
    return `Password of ${admin.email} set; ${revokedSessions} session(s) signed out.`;
  } finally {
    await database.close();
  }
}

try {
  console.log(await run(process.argv.slice(2)));
} catch (error) {
  const known =
    error instanceof CliError || error instanceof AdminAccountError || error instanceof ConfigError || error instanceof ContentError;
  const message = errorMessage(error);
  console.error(known ? `admin: ${message}` : `admin: failed: ${message.split("\n").join("; ")}`);
  process.exitCode = 1;
}
