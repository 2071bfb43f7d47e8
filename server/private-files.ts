import fs from "node:fs";

/** Files the process creates: readable and writable by its own user only. */
const PRIVATE_UMASK = 0o077;

/**
 * Makes every file and folder this process creates (the database, uploads, mail files, backups) readable by the
 * service's user only, and closes DATA_DIR itself to others, since it holds applicants' personal data. Returns a
 * reason when DATA_DIR cannot be closed (another user owns it), for the caller to log.
 */
export function keepFilesPrivate(dataDir: string): string | undefined {
  process.umask(PRIVATE_UMASK);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.chmodSync(dataDir, 0o700);
    return undefined;
  } catch (error) {
    return `DATA_DIR could not be made private to this user: ${(error as NodeJS.ErrnoException).code ?? String(error)}`;
  }
}
