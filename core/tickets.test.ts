import { expect, test } from "vitest";
import { ticketPagePath } from "./public-pages";
import { ticketTokenIn } from "./tickets";

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
