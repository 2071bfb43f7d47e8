import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import site from "#content/site.ts";
import { ContentError, contentNewerThan, loadBuiltSite, OutdatedBuildError, validateSite } from "./load-site";

function problemsOf(input: unknown): string[] {
  try {
    validateSite(input);
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  return [];
}

describe("validating the society's content at start", () => {
  test("the shipped content is valid", () => {
    expect(problemsOf(site)).toEqual([]);
  });

  test("an empty team member name is named by its field", () => {
    const team = site.team.map((m, i) => (i === 2 ? { ...m, name: "  " } : m));
    expect(problemsOf({ ...site, team })).toEqual(["team[2].name: must not be empty"]);
  });

  test("a link that is not http(s) is named by its field", () => {
    const resources = site.resources.map((r, i) => (i === 0 ? { ...r, url: "javascript:alert(1)" } : r));
    expect(problemsOf({ ...site, resources })).toEqual(["resources[0].url: must be an http(s) URL"]);
  });

  test("a photo that is not in content/photos is named by its field", () => {
    expect(problemsOf({ ...site, explorePhotos: [...site.explorePhotos, "explore/missing.jpg"] })).toEqual([
      "explorePhotos[44]: content/photos/explore/missing.jpg does not exist",
    ]);
  });

  test("a photo path cannot leave content/photos", () => {
    expect(problemsOf({ ...site, logo: "../secrets/logo.png" })).toContain("logo: must stay inside content/photos/");
    expect(problemsOf({ ...site, logo: "team/../../secrets/logo.png" })).toEqual(["logo: must stay inside content/photos/"]);
  });

  test("a missing field is named", () => {
    const { tagline: _tagline, ...withoutTagline } = site;
    expect(problemsOf(withoutTagline)).toEqual(["tagline: Invalid input: expected string, received undefined"]);
  });
});

describe("content newer than the server build", () => {
  test("names each content file changed after the build, with what to run", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-stale-"));
    try {
      const built = path.join(dir, "main.js");
      fs.writeFileSync(built, "");
      fs.writeFileSync(path.join(dir, "site.ts"), "");
      fs.writeFileSync(path.join(dir, "notes.md"), "");
      const past = new Date(Date.now() - 60_000);
      fs.utimesSync(path.join(dir, "site.ts"), past, past);
      expect(contentNewerThan(built, dir)).toEqual([]);
      const later = new Date(Date.now() + 60_000);
      fs.utimesSync(path.join(dir, "site.ts"), later, later);
      fs.utimesSync(path.join(dir, "notes.md"), later, later);
      expect(contentNewerThan(built, dir)).toEqual(["content/site.ts is newer than the last build: run `npm run build`"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("starting a server build older than the content", () => {
  test("content changed after the build stops the start naming the file, even when its photos are gone", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "content-stale-"));
    try {
      const built = path.join(dir, "main.js");
      fs.writeFileSync(built, "");
      const past = new Date(Date.now() - 60_000);
      fs.utimesSync(built, past, past);
      // No photos/ folder: loading this content would fail on its first photo.
      fs.writeFileSync(path.join(dir, "site.ts"), "");
      const start = loadBuiltSite({ builtFile: built, contentDir: dir });
      await expect(start).rejects.toThrow(OutdatedBuildError);
      await expect(start).rejects.toThrow(
        "The build is older than the content:\n  - content/site.ts is newer than the last build: run `npm run build`",
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("with the content current, the content loads", async () => {
    await expect(loadBuiltSite({ builtFile: undefined })).resolves.toMatchObject({ tagline: site.tagline });
  });
});
