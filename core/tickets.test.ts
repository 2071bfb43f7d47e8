import { expect, test } from "vitest";
import { localizedPath } from "./i18n/locale";
import { ticketPagePath } from "./public-pages";
import { ticketTokenIn } from "./tickets";

test("a scanned ticket: its link in either language on any address, or its bare token; any other code is none", () => {
  const token = "AaJLQ-CAdx-SZUg_vkib-7TRD9qvu2uRu2BTZ8nsYwQ";
  for (const scanned of [
    token,
    ` ${token}\n`,
    `https://society.example${ticketPagePath(token)}`,
    `http://192.168.1.5:3000/ticket?token=${token}&x=1`,
    // The QR code attached to an Urdu registrant's mail: the link it gives, to the ticket's page in Urdu.
    `https://society.example${localizedPath(ticketPagePath(token), "ur")}`,
    `https://society.example/ur/ticket?token=${token}`,
  ]) {
    expect(ticketTokenIn(scanned), scanned).toBe(token);
  }
  for (const scanned of [
    "",
    "hello",
    `https://society.example/announcement?token=${token}`,
    `https://society.example/ticket?token=${token}x`,
    `https://society.example/ur/announcement?token=${token}`,
    `https://society.example/ur/ur/ticket?token=${token}`,
    "WIFI:S:college;;",
  ]) {
    expect(ticketTokenIn(scanned), scanned).toBeUndefined();
  }
});
