/**
 * `npm run admin -- create|set-password|turn-off-two-factor <email>`, `npm run admin -- content export|import <dir>` and
 * `npm run admin -- forget-secrets-key` (docs/operations.md),
 * on the database and storage the environment points at, as for the server. The password is never an argument (it
 * would land in shell history and the process list): typed twice without echo at a terminal, else the first line of
 * stdin. Exit code 0 on success, 1 with one line on stderr.
 */
import { runAdminCli } from "./lib/admin-cli";

const { code, stdout, stderr } = await runAdminCli(process.argv.slice(2), {
  env: process.env,
  stdin: process.stdin,
  stderr: process.stderr,
});
process.stdout.write(stdout);
process.stderr.write(stderr);
process.exitCode = code;
