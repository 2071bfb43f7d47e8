import { describe, expect, test } from "vitest";
import { linkedText } from "./linked-text";

describe("linked text", () => {
  test("web addresses become links and the text around them stays as written, line breaks and all", () => {
    expect(linkedText("Register at https://forms.gle/abc.\nOr see www.example.org today")).toEqual([
      { text: "Register at " },
      { text: "https://forms.gle/abc", href: "https://forms.gle/abc" },
      { text: ".\nOr see " },
      { text: "www.example.org", href: "http://www.example.org" },
      { text: " today" },
    ]);
  });

  test("nothing else is interpreted: markup, e-mail addresses and other schemes stay text", () => {
    const text = "<b>Bold</b> mail office@example.org or javascript:alert(1) ftp://files.example.org";
    expect(linkedText(text)).toEqual([{ text }]);
  });

  test("text without an address is one plain part; empty text is none", () => {
    expect(linkedText("Meeting at 5 pm in Hall 2")).toEqual([{ text: "Meeting at 5 pm in Hall 2" }]);
    expect(linkedText("")).toEqual([]);
  });
});
