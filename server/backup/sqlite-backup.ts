import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import * as tar from "tar";
import { errorMessage } from "#core/errors.ts";

/**
 * Backups of the embedded setup: one .tar.gz holding a consistent copy of the SQLite database
 * (`VACUUM INTO`, checked with `PRAGMA integrity_check`), the uploaded files and a manifest.
 * PostgreSQL sites back up with pg_dump instead (docs/deploy.md).
 */
const BACKUP_FORMAT = 1;
const DATABASE_FILE = "site.db";
const UPLOADS_DIR = "uploads";
const MANIFEST_FILE = "backup.json";

export class BackupError extends Error {}

export interface BackupManifest {
  format: number;
  createdAt: string;
  tables: Record<string, number>;
  uploadedFiles: number;
}

function integrityCheck(file: string): void {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma("integrity_check", { simple: true });
    if (result !== "ok") throw new BackupError(`${file} fails PRAGMA integrity_check: ${String(result)}`);
  } finally {
    db.close();
  }
}

function countRows(file: string): Record<string, number> {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare<[], { name: string }>(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' order by name",
      )
      .all();
    return Object.fromEntries(
      tables.map(({ name }) => [name, (db.prepare(`select count(*) as n from "${name}"`).get() as { n: number }).n]),
    );
  } finally {
    db.close();
  }
}

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

/** Copies files that are not in `to` yet (uploads are write-once: a name never gets new bytes). */
function copyNewFiles(from: string, to: string): void {
  if (!fs.existsSync(from)) return;
  fs.cpSync(from, to, { recursive: true, force: false, errorOnExist: false, filter: (source) => !source.endsWith(".tmp") });
}

/**
 * Writes a backup of DATA_DIR (its site.db and uploads/) to `archive`. Safe while the server runs: the
 * uploads are copied before and after the database snapshot, so every image a backed-up row points at is in it.
 */
export async function backupSqlite(dataDir: string, archive: string): Promise<BackupManifest> {
  const databaseFile = path.join(dataDir, DATABASE_FILE);
  if (!fs.existsSync(databaseFile)) throw new BackupError(`no database at ${databaseFile}: is DATA_DIR right?`);
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "society-backup-"));
  try {
    copyNewFiles(path.join(dataDir, UPLOADS_DIR), path.join(staging, UPLOADS_DIR));
    const live = new SQLite(databaseFile, { fileMustExist: true });
    try {
      live.pragma("busy_timeout = 5000");
      live.prepare("vacuum into ?").run(path.join(staging, DATABASE_FILE));
    } finally {
      live.close();
    }
    copyNewFiles(path.join(dataDir, UPLOADS_DIR), path.join(staging, UPLOADS_DIR));
    integrityCheck(path.join(staging, DATABASE_FILE));

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      tables: countRows(path.join(staging, DATABASE_FILE)),
      uploadedFiles: countFiles(path.join(staging, UPLOADS_DIR)),
    };
    fs.writeFileSync(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);

    const entries = [MANIFEST_FILE, DATABASE_FILE, ...(fs.existsSync(path.join(staging, UPLOADS_DIR)) ? [UPLOADS_DIR] : [])];
    const partial = `${archive}.partial`;
    fs.mkdirSync(path.dirname(path.resolve(archive)), { recursive: true });
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, entries);
    fs.renameSync(partial, archive);
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Restores a backup into `dataDir`, which must not hold a database yet (nothing is overwritten). The
 * archive is unpacked beside it, checked, and only then moved into place.
 */
export async function restoreSqlite(archive: string, dataDir: string): Promise<BackupManifest> {
  if (!fs.existsSync(archive)) throw new BackupError(`no backup at ${archive}`);
  const target = path.resolve(dataDir);
  if (fs.existsSync(path.join(target, DATABASE_FILE)) || countFiles(path.join(target, UPLOADS_DIR)) > 0) {
    throw new BackupError(`${target} already holds a site (site.db or uploads/): restore into an empty DATA_DIR`);
  }
  fs.mkdirSync(target, { recursive: true });
  const staging = fs.mkdtempSync(path.join(target, ".restore-"));
  try {
    try {
      await tar.extract({ file: archive, cwd: staging, strict: true });
    } catch (error) {
      throw new BackupError(`${archive} is not a readable backup: ${errorMessage(error)}`);
    }
    const manifestFile = path.join(staging, MANIFEST_FILE);
    if (!fs.existsSync(manifestFile) || !fs.existsSync(path.join(staging, DATABASE_FILE))) {
      throw new BackupError(`${archive} is not a backup of this site (no ${MANIFEST_FILE} or ${DATABASE_FILE})`);
    }
    const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT)
      throw new BackupError(`${archive} has backup format ${manifest.format}; this version reads ${BACKUP_FORMAT}`);
    integrityCheck(path.join(staging, DATABASE_FILE));

    fs.renameSync(path.join(staging, DATABASE_FILE), path.join(target, DATABASE_FILE));
    if (fs.existsSync(path.join(staging, UPLOADS_DIR))) {
      fs.rmSync(path.join(target, UPLOADS_DIR), { recursive: true, force: true });
      fs.renameSync(path.join(staging, UPLOADS_DIR), path.join(target, UPLOADS_DIR));
    }
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
