import crypto from "node:crypto";
import { describe, expect, test } from "vitest";
import { newId } from "#server/db/ids.ts";
import { secretsKey } from "#server/secrets-key.ts";
import { normalizeShortCode } from "#core/tickets.ts";
import { ticketSigner } from "./tickets";

const KEY = crypto.randomBytes(32);
const tickets = ticketSigner(secretsKey(KEY));
const amna = { id: newId(), announcementId: newId() };

/** The token with one character of its signature changed. */
function altered(token: string, at: number): string {
  return `${token.slice(0, at)}${token[at] === "A" ? "B" : "A"}${token.slice(at + 1)}`;
}

describe("tickets", () => {
  test("a token names its registration and is its ticket, and no other registration's", () => {
    const token = tickets.token(amna);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const read = tickets.read(token)!;
    expect(read.registrationId).toBe(amna.id);
    expect(tickets.isTicketOf(read, amna)).toBe(true);
    expect(tickets.isTicketOf(read, { ...amna, id: newId() })).toBe(false);
  });

  test("a ticket for one event is no ticket for another, even for the same registration id", () => {
    const read = tickets.read(tickets.token(amna))!;
    expect(tickets.isTicketOf(read, { ...amna, announcementId: newId() })).toBe(false);
  });

  test("an altered signature, another key's ticket or another id's signature is refused", () => {
    const token = tickets.token(amna);
    for (const at of [22, 30, 41]) expect(tickets.isTicketOf(tickets.read(altered(token, at))!, amna), `character ${at}`).toBe(false);
    const otherKey = ticketSigner(secretsKey(crypto.randomBytes(32)));
    expect(tickets.isTicketOf(tickets.read(otherKey.token(amna))!, amna)).toBe(false);
    // Amna's id with Bilal's signature: the id is in the signature.
    const bilal = { id: newId(), announcementId: amna.announcementId };
    const spliced = Buffer.concat([
      Buffer.from(token, "base64url").subarray(0, 16),
      Buffer.from(tickets.token(bilal), "base64url").subarray(16),
    ]).toString("base64url");
    expect(tickets.isTicketOf(tickets.read(spliced)!, amna)).toBe(false);
  });

  test("anything not shaped as a token reads as none, including a second spelling of a real one", () => {
    const token = tickets.token(amna);
    for (const typed of ["", "abc", `${token}A`, token.slice(1), `${token.slice(0, 42)}!`, token.replace(/./, "+")]) {
      expect(tickets.read(typed), JSON.stringify(typed)).toBeUndefined();
    }
    // The last character carries two spare bits: set, they would spell the same bytes.
    const last = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const spare = last[last.indexOf(token.at(-1)!) + 1]!;
    expect(tickets.read(`${token.slice(0, 42)}${spare}`)).toBeUndefined();
  });

  test("the short code: 8 characters of Crockford's base 32 in two groups, the same for the same ticket and key", () => {
    const code = tickets.shortCode(amna);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(ticketSigner(secretsKey(KEY)).shortCode(amna)).toBe(code);
    expect(tickets.shortCode({ ...amna, announcementId: newId() })).not.toBe(code);
    // Spread over the alphabet: a thousand tickets give a thousand codes.
    const codes = new Set(Array.from({ length: 1000 }, () => tickets.shortCode({ id: newId(), announcementId: amna.announcementId })));
    expect(codes.size).toBe(1000);
  });

  test("a short code as typed at the door: any case, spaces or dash; O read as 0, I and L as 1; anything else is none", () => {
    expect(normalizeShortCode("7kq2 m9xd")).toBe("7KQ2-M9XD");
    expect(normalizeShortCode(" 7KQ2M9XD ")).toBe("7KQ2-M9XD");
    expect(normalizeShortCode("oIl1-0000")).toBe("0111-0000");
    for (const typed of ["", "7KQ2-M9X", "7KQ2-M9XDD", "7KQ2-M9XU", "7KQ2_M9XD", "Uzma Bibi"]) {
      expect(normalizeShortCode(typed), typed).toBeUndefined();
    }
  });
});
