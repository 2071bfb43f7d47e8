import crypto from "node:crypto";
import type { SecretsKey } from "#server/secrets-key.ts";

/** The signature's bytes a token carries: 128 bits, so no ticket can be made up or guessed. */
const SIGNATURE_BYTES = 16;
/** The short code's bytes: the signature's first 40 bits, 8 characters of Crockford's base 32. */
const SHORT_CODE_BYTES = 5;
/** Crockford's base 32: no I, L, O or U, so what is read out is not misheard or mistyped. */
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** A token: the registration's id (16 bytes) and the signature, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The registration a ticket is for: its id and its announcement's. */
export interface Ticketed {
  id: string;
  announcementId: string;
}

/** A token taken apart: the registration it names, and the signature it carries (not yet checked). */
export interface ReadTicket {
  registrationId: string;
  signature: Buffer;
}

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ""), "hex");
const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** 40 bits as 8 characters of Crockford's base 32, in two groups of four for reading out ("7KQ2-M9XD"). */
function crockford(bytes: Buffer): string {
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = "";
  for (let shift = 35n; shift >= 0n; shift -= 5n) code += CROCKFORD[Number((bits >> shift) & 31n)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * Event tickets. A confirmed registration's ticket is one token, in its QR code and its link: the registration's id and
 * an HMAC of it and its announcement under the ticket key (SecretsKey.ticketSignature), so the database stores nothing
 * for it, a copy of the database cannot make one, and a ticket for one event is no ticket for another. Its short code,
 * for reading out at the door, is the signature's first 40 bits.
 */
export function ticketSigner(secrets: Pick<SecretsKey, "ticketSignature">) {
  const signatureOf = ({ id, announcementId }: Ticketed) => secrets.ticketSignature(`${announcementId} ${id}`).subarray(0, SIGNATURE_BYTES);
  return {
    /** The ticket's token, as its link and its QR code carry it. */
    token: (ticket: Ticketed): string => Buffer.concat([uuidBytes(ticket.id), signatureOf(ticket)]).toString("base64url"),

    /** The registration a token names and the signature it carries; undefined when it has no token's shape. */
    read(token: string): ReadTicket | undefined {
      if (!TOKEN.test(token)) return undefined;
      const bytes = Buffer.from(token, "base64url");
      // One spelling per token: the last character's two spare bits must be zero.
      if (bytes.toString("base64url") !== token) return undefined;
      return { registrationId: uuidOf(bytes.subarray(0, 16)), signature: bytes.subarray(16) };
    },

    /** Whether a read token is this registration's ticket: signed with this key, for this registration and announcement. */
    isTicketOf(read: ReadTicket, ticket: Ticketed): boolean {
      return (
        read.registrationId === ticket.id &&
        read.signature.length === SIGNATURE_BYTES &&
        crypto.timingSafeEqual(read.signature, signatureOf(ticket))
      );
    },

    /** The ticket's code for reading out ("7KQ2-M9XD"). */
    shortCode: (ticket: Ticketed): string => crockford(signatureOf(ticket).subarray(0, SHORT_CODE_BYTES)),
  };
}

export type TicketSigner = ReturnType<typeof ticketSigner>;
