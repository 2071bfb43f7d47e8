import { describe, expect, test } from "vitest";
import { announcementPagePath, galleryPagePath, isPublicPage, ticketPagePath, ticketTokenIn } from "./public-pages";

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

test("a scanned ticket: its link on any address, or its bare token; any other code is none", () => {
  const token = "AaJLQ-CAdx-SZUg_vkib-7TRD9qvu2uRu2BTZ8nsYwQ";
  for (const scanned of [
    token,
    ` ${token}\n`,
    `https://society.example${ticketPagePath(token)}`,
    `http://192.168.1.5:3000/ticket?token=${token}&x=1`,
  ]) {
    expect(ticketTokenIn(scanned), scanned).toBe(token);
  }
  for (const scanned of [
    "",
    "hello",
    `https://society.example/announcement?token=${token}`,
    `https://society.example/ticket?token=${token}x`,
    "WIFI:S:college;;",
  ]) {
    expect(ticketTokenIn(scanned), scanned).toBeUndefined();
  }
});
