/**
 * `npm run admin -- create|set-password <email>` (docs/operations.md), on the database the environment points at, as
 * for the server. The password is never an argument (it would land in shell history and the process list): typed twice
 * without echo at a terminal, else the first line of stdin. Exit code 0 on success, 1 with one line on stderr.
 */
import { ConfigError, parseConfig } from "../server/config";
import { createDatabase, migrateToLatest } from "../server/db/database";
import { AdminAccountError, adminExists, createAdminAccount, setAdminPassword } from "../server/auth/admin-accounts.server";
import { passwordSchema } from "../server/auth/password.server";
import { AUDIT_ACTOR } from "../server/repos/audit-log";
import { text } from "node:stream/consumers";
import { read } from "read";
import { errorMessage } from "#core/errors";

const USAGE = "usage: admin create <email> | admin set-password <email>";

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

async function run(args: string[]): Promise<string> {
  const [command, email, ...extra] = args;
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
  const known = error instanceof CliError || error instanceof AdminAccountError || error instanceof ConfigError;
  const message = errorMessage(error);
  console.error(known ? `admin: ${message}` : `admin: failed: ${message.split("\n").join("; ")}`);
  process.exitCode = 1;
}
