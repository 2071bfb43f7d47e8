import crypto from "node:crypto";

/**
 * The tokens of mailed and shared links (an invitation, a reset, "Confirm your place", a donor's link, a donor's answer,
 * a member's renewal, a door link): 256 random bits as base64url (43 characters). The database keeps only their
 * SHA-256, so a copy of it opens no link.
 */
export const newLinkToken = (): string => crypto.randomBytes(32).toString("base64url");
export const hashLinkToken = (token: string): string => crypto.createHash("sha256").update(token).digest("hex");
/** Whether a string has a link token's shape: anything else is answered without asking the database. */
export const isLinkToken = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);
