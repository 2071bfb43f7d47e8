import fs from "node:fs";
import { describe, expect, test } from "vitest";
import { en } from "./en";
import { ur } from "./ur";

describe("the service worker's offline line (public/sw.js)", () => {
  test("says the catalogue's words in each language", () => {
    const worker = fs.readFileSync(new URL("../../public/sw.js", import.meta.url), "utf8");
    expect(worker).toContain(`en: "${en.offline.line}"`);
    expect(worker).toContain(`ur: "${ur.offline?.line}"`);
  });
});
