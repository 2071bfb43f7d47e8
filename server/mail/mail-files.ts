import fs from "node:fs/promises";
import path from "node:path";

/** A mail's file, or the file it is written to first (renamed once whole, so a reader never sees half a mail). */
const MAIL_FILE = /^(.+)\.eml(?:\.partial)?$/;
const KNOWN_BATCH = 500;

/**
 * The files the `log` mail transport writes, DATA_DIR/mail/<job id>.eml: each holds a mail's whole text, so deleting
 * the request or message it tells of deletes the file too.
 */
export function mailFiles(dataDir: string) {
  const dir = path.join(dataDir, "mail");
  const fileOf = (jobId: string) => path.join(dir, `${path.basename(jobId)}.eml`);
  const partialOf = (jobId: string) => `${fileOf(jobId)}.partial`;
  return {
    dir,
    fileOf,

    /** Writes a mail's file whole: to a partial file first, then renamed. */
    async write(jobId: string, bytes: Buffer): Promise<string> {
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(partialOf(jobId), bytes);
      await fs.rename(partialOf(jobId), fileOf(jobId));
      return fileOf(jobId);
    },

    /** Deletes the files of these mails (and any partial one); a file that is not there is already gone. */
    async delete(jobIds: readonly string[]): Promise<void> {
      await Promise.all(jobIds.flatMap((id) => [fs.rm(fileOf(id), { force: true }), fs.rm(partialOf(id), { force: true })]));
    },

    /**
     * Deletes every file whose mail is no longer in the outbox (`known` says which are): a file written while its
     * mail was being deleted, or one a failed delete left. Returns how many went.
     */
    async deleteOrphans(known: (jobIds: readonly string[]) => Promise<Set<string>>): Promise<number> {
      let names: string[];
      try {
        names = await fs.readdir(dir);
      } catch {
        return 0;
      }
      const jobIds = [...new Set(names.flatMap((name) => MAIL_FILE.exec(name)?.[1] ?? []))];
      const orphans: string[] = [];
      // A few hundred ids a question: each is a bound parameter, and the engines limit how many one query has.
      for (let start = 0; start < jobIds.length; start += KNOWN_BATCH) {
        const batch = jobIds.slice(start, start + KNOWN_BATCH);
        const kept = await known(batch);
        orphans.push(...batch.filter((id) => !kept.has(id)));
      }
      await this.delete(orphans);
      return orphans.length;
    },
  };
}

export type MailFiles = ReturnType<typeof mailFiles>;
