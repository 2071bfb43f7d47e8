import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";

function runBackupScript(args: string[], env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/backup.ts", ...args], {
      cwd: path.resolve(import.meta.dirname, ".."),
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stderr }));
  });
}

describe("npm run backup / restore with images in a bucket (STORAGE=s3)", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "society-backup-s3-"));
    fs.writeFileSync(path.join(dataDir, "site.db"), "");
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const env = () => ({
    DATA_DIR: dataDir,
    STORAGE: "s3",
    S3_BUCKET: "society-uploads",
    S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
    S3_SECRET_ACCESS_KEY: "secret-never-printed",
  });

  test.each(["backup", "restore"])(
    "%s refuses with one line saying the bucket is the operator's to back up, and writes nothing",
    async (command) => {
      const archive = path.join(dataDir, "site.tar.gz");
      const { code, stderr } = await runBackupScript([command, archive], env());
      expect(code).toBe(1);
      expect(stderr.trim().split("\n")).toEqual([
        'STORAGE=s3: the uploaded images are in the bucket "society-uploads", which this script cannot back up or restore. ' +
          "Back up the bucket with your provider's tools (versioning or replication) and the database with pg_dump, or sqlite3's .backup (docs/deploy.md)",
      ]);
      expect(stderr).not.toContain("secret-never-printed");
      expect(fs.existsSync(archive)).toBe(false);
    },
  );
});
