import { describe, expect, test } from "vitest";
import { eventCalendar } from "./event-calendar";
import { linkedText } from "./linked-text";
import type { PublicAnnouncement } from "./announcements";

const SITE = { siteName: "Students Welfare Society", publicUrl: "https://society.example" };
const ID = "019ad1c2-3f4e-7a00-8b00-0123456789ab";

const announcement = (heading: string, text: string): PublicAnnouncement => ({
  id: ID,
  heading,
  description: linkedText(text),
  whatsAppMessage: text,
  link: null,
  registrationClosed: false,
  image: null,
  preview: null,
  pinned: false,
  publishedAt: "2026-11-20T10:00:00.000Z",
  publishedText: "",
  event: null,
});

/** The file's lines, unfolded (RFC 5545 folds long lines with CRLF and a space). */
const lines = (file: string) => file.replace(/\r\n[ \t]/g, "").split("\r\n");

describe("the event's calendar file", () => {
  test("one VEVENT: title, UTC times, place, the text with the page, a uid that stays across edits", () => {
    const file = eventCalendar(
      announcement("Blood donation camp", "Bring your student card."),
      { startsAt: "2026-12-01T05:00:00.000Z", endsAt: "2026-12-01T08:30:00.000Z", location: "Hall 2, main campus" },
      SITE,
    );
    const all = lines(file);
    expect(all[0]).toBe("BEGIN:VCALENDAR");
    expect(all.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
    expect(all).toEqual(
      expect.arrayContaining([
        "SUMMARY:Blood donation camp",
        "DTSTART:20261201T050000Z",
        "DTEND:20261201T083000Z",
        "LOCATION:Hall 2\\, main campus",
        `UID:${ID}@society.example`,
        `URL:https://society.example/announcement/${ID}`,
        `DESCRIPTION:Bring your student card.\\n\\nhttps://society.example/announcement/${ID}`,
      ]),
    );
  });

  test("for an Urdu registrant: the Urdu page, the same uid", () => {
    const all = lines(
      eventCalendar(
        announcement("خون کے عطیے کا کیمپ", "Bring your student card."),
        { startsAt: "2026-12-01T05:00:00.000Z", endsAt: null, location: null },
        SITE,
        "ur",
      ),
    );
    expect(all).toEqual(
      expect.arrayContaining([
        "SUMMARY:خون کے عطیے کا کیمپ",
        `UID:${ID}@society.example`,
        `URL:https://society.example/ur/announcement/${ID}`,
        `DESCRIPTION:Bring your student card.\\n\\nhttps://society.example/ur/announcement/${ID}`,
      ]),
    );
  });

  test("without an end it lasts an hour; without a place it has none", () => {
    const all = lines(
      eventCalendar(
        announcement("Meeting", "General body meeting."),
        { startsAt: "2026-12-01T05:00:00.000Z", endsAt: null, location: null },
        SITE,
      ),
    );
    expect(all).toContain("DTEND:20261201T060000Z");
    expect(all.some((line) => line.startsWith("LOCATION"))).toBe(false);
  });
});
