/**
 * Backup and restore of the embedded setup (SQLite database and uploaded files under DATA_DIR):
 *
 *   npm run backup -- <file.tar.gz>     safe while the server runs
 *   npm run restore -- <file.tar.gz>    into an empty DATA_DIR, with the server stopped
 *
 * With DATABASE_URL pointing at PostgreSQL, use pg_dump / pg_restore; with STORAGE=s3 the images are in the
 * bucket, which the operator backs up (docs/deploy.md): both stop with one line saying so, rather than
 * writing an archive without the images. The archive never holds the secrets key (SECRETS_KEY or DATA_DIR/secrets.key):
 * the operator keeps it apart. Exit code 0 on success, 1 with one line on stderr.
 */
import { ConfigError, parseConfig } from "#server/config.ts";
import { BackupError, backupSqlite, restoreSqlite } from "#server/backup/sqlite-backup.ts";
import { keepFilesPrivate } from "#server/private-files.ts";

const USAGE = "usage: backup <file.tar.gz> | restore <file.tar.gz>";

async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  if ((command !== "backup" && command !== "restore") || !file) throw new BackupError(USAGE);
  const config = parseConfig();
  if (config.storage.kind === "s3") {
    throw new BackupError(
      `STORAGE=s3: the uploaded images are in the bucket "${config.storage.bucket}", which this script cannot back up or restore. ` +
        "Back up the bucket with your provider's tools (versioning or replication) and the database with pg_dump, or sqlite3's .backup (docs/deploy.md)",
    );
  }
  if (config.database.engine !== "sqlite") {
    throw new BackupError("DATABASE_URL points at PostgreSQL: back it up with pg_dump and restore with pg_restore (docs/deploy.md)");
  }
  // The archive holds the personal data the site holds: as private as DATA_DIR.
  const notPrivate = keepFilesPrivate(config.dataDir);
  if (notPrivate) console.warn(notPrivate);
  if (command === "backup") {
    const manifest = await backupSqlite(config.dataDir, file);
    // The secrets key is not in the archive: whoever holds a backup must not hold the two factors with it.
    console.log(
      `backup written to ${file}: ${JSON.stringify(manifest.tables)}, ${manifest.uploadedFiles} uploaded files ` +
        "(not the secrets key: keep SECRETS_KEY or DATA_DIR/secrets.key apart from the backups)",
    );
  } else {
    const manifest = await restoreSqlite(file, config.dataDir);
    console.log(
      `restored ${file} (taken ${manifest.createdAt}) into ${config.dataDir}: ${JSON.stringify(manifest.tables)}, ${manifest.uploadedFiles} uploaded files. ` +
        "Start the site with the secrets key it ran with: the same SECRETS_KEY, or its secrets.key copied into DATA_DIR",
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof BackupError || error instanceof ConfigError) console.error(error.message);
  else console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
