import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { importContent } from "#server/content/import-content.ts";
import { encodeCache } from "#server/images/encode-cache.ts";
import { createLogger } from "#server/logger.ts";
import { smallSite, writeSmallSite } from "#tests/shared/small-content.ts";
import type { TestServer } from "./test-server";

/**
 * Replaces the starting content the server imported with `smallSite()` (every list with an entry, five photos), as
 * `npm run admin -- content import` would. For the sweeps that snapshot every row around each of thousands of
 * requests: the demo content's few hundred rows would make each snapshot several times slower.
 */
export async function useSmallContent(server: TestServer): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "society-small-content-"));
  try {
    await writeSmallSite(dir);
    const deps = {
      db: server.database.db,
      storage: server.storage,
      logger: createLogger("silent"),
      encoder: encodeCache(path.join(dir, "encoded")),
    };
    if (!(await importContent(deps, smallSite(), { contentDir: dir, replace: true }))) throw new Error("the small site was not imported");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
