import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { mailFiles } from "./mail-files";

describe("the log transport's mail files", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "society-mail-files-"));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  test("a mail's file appears whole, under its job id, and leaves no partial file", async () => {
    const files = mailFiles(dataDir);
    const file = await files.write("job-1", Buffer.from("Subject: hello\n\nbody\n"));
    expect(file).toBe(path.join(dataDir, "mail", "job-1.eml"));
    expect(fs.readdirSync(files.dir)).toEqual(["job-1.eml"]);
    expect(fs.readFileSync(file, "utf8")).toBe("Subject: hello\n\nbody\n");
  });

  test("deleting a mail's files deletes a partial one a crash left too; so does the orphan sweep", async () => {
    const files = mailFiles(dataDir);
    await files.write("kept", Buffer.from("kept"));
    await files.write("erased", Buffer.from("erased"));
    fs.writeFileSync(path.join(files.dir, "erased.eml.partial"), "half");
    fs.writeFileSync(path.join(files.dir, "orphan.eml.partial"), "half");
    await files.delete(["erased"]);
    expect(fs.readdirSync(files.dir).sort()).toEqual(["kept.eml", "orphan.eml.partial"]);
    const asked: string[][] = [];
    const removed = await files.deleteOrphans(async (ids) => {
      asked.push([...ids]);
      return new Set(ids.filter((id) => id === "kept"));
    });
    expect(removed).toBe(1);
    expect(asked.flat().sort()).toEqual(["kept", "orphan"]);
    expect(fs.readdirSync(files.dir)).toEqual(["kept.eml"]);
  });
});
