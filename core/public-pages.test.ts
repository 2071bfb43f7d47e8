import { describe, expect, test } from "vitest";
import { announcementPagePath, galleryPagePath, isPublicPage } from "./public-pages";

describe("isPublicPage", () => {
  test("the spec's public pages and each gallery's page are public pages", () => {
    for (const path of [
      "/",
      "/announcement",
      "/events-and-activities",
      "/explore-smc",
      galleryPagePath("med-doc"),
      galleryPagePath("mun-2"),
      announcementPagePath("019ad1c2-3f4e-7a00-8b00-0123456789ab"),
    ]) {
      expect(isPublicPage(path), path).toBe(true);
    }
  });

  test("not with a query string, not the admin area, not a path no slug makes", () => {
    for (const path of [
      "/?tab=1",
      "/events-and-activities?tab=activities",
      "/admin",
      "/events-and-activities/Med-Doc",
      "/events-and-activities/a/b",
      "/events-and-activities/-x",
      "/events-and-activities/",
      "/announcement/not-an-id",
      "/announcement/019ad1c2-3f4e-7a00-8b00-0123456789ab?x=1",
      "/announcement/feed.xml",
    ]) {
      expect(isPublicPage(path), path).toBe(false);
    }
  });
});
