/** Certificate numbers and roles, as the browser and the server both read them. */

/** The roles a certificate may name. */
export const CERTIFICATE_ROLES = ["Participant", "Volunteer", "Organiser"] as const;
export type CertificateRole = (typeof CERTIFICATE_ROLES)[number];

/** Where a certificate is verified: public, linked from its QR code. */
export const certificatePagePath = (number: string) => `/certificates/${number}`;

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** 28 characters of 5 bits: 140 random bits, in 7 groups of 4 for reading out. */
const NUMBER_LENGTH = 28;

/** A certificate number from 18 random bytes (of which 140 bits are used): "7KQ2-M9XD-…", 7 groups of 4. */
export function certificateNumberFrom(random: Uint8Array): string {
  let bits = 0n;
  for (const byte of random) bits = (bits << 8n) | BigInt(byte);
  let code = "";
  for (let index = 0; index < NUMBER_LENGTH; index++) code += CROCKFORD[Number((bits >> BigInt(5 * index)) & 31n)];
  return code.match(/.{4}/g)!.join("-");
}

/**
 * A certificate number as typed or as an address spelled it, in its canonical form; undefined when it cannot be one.
 * Case, spaces and dashes do not matter; O reads as 0, and I and L as 1.
 */
export function normalizeCertificateNumber(typed: string): string | undefined {
  const code = typed.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (code.length !== NUMBER_LENGTH || ![...code].every((character) => CROCKFORD.includes(character))) return undefined;
  return code.match(/.{4}/g)!.join("-");
}
