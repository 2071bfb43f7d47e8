import { describe, expect, test } from "vitest";
import { firstLineOf, whatsAppMessage, whatsAppShareUrl, withLink } from "./whatsapp";

describe("a message for a WhatsApp group", () => {
  test("the title in bold, when and where, one line, then the link alone on the last line", () => {
    const message = whatsAppMessage({
      title: "Blood donation *camp*",
      when: "5 December 2026 at 09:00 to 13:00",
      where: "Hall 2",
      line: "Donate blood, save lives.",
    });
    expect(withLink(message, "https://society.example/announcement/1")).toBe(
      "*Blood donation camp*\n📅 5 December 2026 at 09:00 to 13:00 · 📍 Hall 2\nDonate blood, save lives.\n\nhttps://society.example/announcement/1",
    );
    expect(withLink(whatsAppMessage({ title: "Gala" }), "https://society.example/events-and-activities/gala")).toBe(
      "*Gala*\n\nhttps://society.example/events-and-activities/gala",
    );
  });

  test("emoji and Urdu survive the wa.me link", () => {
    const message = whatsAppMessage({ title: "خون کا عطیہ 🩸", line: "آج ہال 2 میں" });
    const url = new URL(whatsAppShareUrl(message, "https://society.example/announcement/1"));
    expect(url.origin + url.pathname).toBe("https://wa.me/");
    expect(url.searchParams.get("text")).toBe(withLink(message, "https://society.example/announcement/1"));
  });

  test("the one line is the first that says something, cut at a word past 160 characters", () => {
    expect(firstLineOf("\n  \nFirst line\nSecond line")).toBe("First line");
    expect(firstLineOf("")).toBe("");
    const long = firstLineOf(`${"word ".repeat(60)}end`);
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long).toMatch(/word…$/);
  });
});
