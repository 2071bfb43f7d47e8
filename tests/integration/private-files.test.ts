/**
 * Issue 20, hole 9: what the site writes under DATA_DIR (the database, uploads, mail files) and the backups it makes
 * hold applicants' personal data, so no other user of the machine may read them.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { postPosterAnnouncement } from "./helpers/admin";
import { contactMessage, freshIp, postForm } from "./helpers/forms";
import { useTestServer } from "./helpers/use-test-server";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

/** Every file and folder under `dir`, itself included. */
const entriesUnder = (dir: string): string[] => [
  dir,
  ...fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).map((entry) => path.join(dir, entry)),
];

describe("files under DATA_DIR", () => {
  const setup = useTestServer("sqlite", { signedIn: true, env: { MAIL_TRANSPORT: "log" } });

  test("the database, uploads and mail files are the service user's only, and so is a backup", async () => {
    const { server, cookie } = setup;
    const upload = await postPosterAnnouncement(server, cookie);
    expect(upload.status).toBe(200);
    expect((await postForm(server, "/contact", contactMessage(), freshIp())).status).toBe(200);
    const mailDir = path.join(server.dataDir, "mail");
    // Every queued mail sent, so none is being written (a mail file is written beside its name, then renamed).
    await expect
      .poll(async () => {
        const unsent = await server.database.db.selectFrom("mailOutbox").select("id").where("status", "!=", "sent").execute();
        return unsent.length === 0 && fs.existsSync(mailDir) && fs.readdirSync(mailDir).some((file) => file.endsWith(".eml"));
      })
      .toBe(true);

    const entries = entriesUnder(server.dataDir);
    expect(entries.some((entry) => entry.endsWith(".webp"))).toBe(true);
    const open = entries
      .filter((entry) => (modeOf(entry) & 0o077) !== 0)
      .map((entry) => `${path.relative(server.dataDir, entry) || "DATA_DIR"} ${modeOf(entry).toString(8)}`);
    expect(open).toEqual([]);

    const archive = path.join(server.dataDir, "..", `${path.basename(server.dataDir)}-backup.tar.gz`);
    try {
      await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/backup.ts", "backup", archive], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? "", DATA_DIR: server.dataDir },
      });
      expect(modeOf(archive).toString(8)).toBe("600");
    } finally {
      fs.rmSync(archive, { force: true });
    }
  });
});
