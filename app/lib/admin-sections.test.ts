import { describe, expect, test } from "vitest";
import { ADMIN_SECTIONS, placeIn, sectionsFor } from "./admin-sections";

const section = (label: string) => ADMIN_SECTIONS.find((entry) => entry.label === label)!;

describe("the admin navigation's sections", () => {
  test("an Owner is shown all twelve in order; an Editor not the Owners' five, nor Blood unless a blood coordinator", () => {
    expect(sectionsFor(true).map(({ label }) => label)).toEqual([
      "Requests",
      "Messages",
      "Members",
      "Announcements",
      "Site content",
      "Blood",
      "Accounts",
      "Security",
      "Mail",
      "Certificates",
      "Personal data",
      "Audit log",
    ]);
    expect(sectionsFor(false).map(({ label }) => label)).toEqual([
      "Requests",
      "Messages",
      "Members",
      "Announcements",
      "Site content",
      "Security",
    ]);
    expect(sectionsFor(false, true).map(({ label }) => label)).toEqual([
      "Requests",
      "Messages",
      "Members",
      "Announcements",
      "Site content",
      "Blood",
      "Security",
    ]);
  });

  test("a page is its section's own, or beneath it, whatever the case and trailing slash; and in no other section", () => {
    const cases: [string, string, "page" | "beneath"][] = [
      ["/admin", "Requests", "page"],
      ["/Admin/", "Requests", "page"],
      ["/admin/requests/r-1", "Requests", "beneath"],
      ["/admin/messages", "Messages", "page"],
      ["/admin-announcement", "Announcements", "page"],
      ["/admin/announcements/a-1/registrations", "Announcements", "beneath"],
      ["/admin/content", "Site content", "page"],
      ["/admin/blood", "Blood", "page"],
      ["/admin/members", "Members", "page"],
      ["/admin/members/m-1", "Members", "beneath"],
      ["/admin/blood/b-1", "Blood", "beneath"],
      ["/admin/content/galleries/g-1", "Site content", "beneath"],
      ["/admin/audit", "Audit log", "page"],
    ];
    for (const [pathname, label, place] of cases) {
      for (const entry of ADMIN_SECTIONS)
        expect(placeIn(entry, pathname), `${pathname} in ${entry.label}`).toBe(entry.label === label ? place : undefined);
    }
    expect(placeIn(section("Security"), "/admin/login")).toBeUndefined();
    expect(placeIn(section("Messages"), "/admin/messages-archive")).toBeUndefined();
  });
});
