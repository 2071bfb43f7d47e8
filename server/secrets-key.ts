import crypto from "node:crypto";

/**
 * The secrets key: 32 random bytes kept outside the database and its backups (SECRETS_KEY, or DATA_DIR/secrets.key;
 * server/secrets-at-rest.ts). Each use has a key of its own derived from it with HKDF-SHA-256, so no value the database
 * keeps is made with a key it could lend to another use.
 */
export const SECRETS_KEY_BYTES = 32;

/** What SECRETS_KEY and the key file hold: 64 hex digits, or base64 (or base64url) of 32 bytes. */
export const SECRETS_KEY_FORMAT = "32 random bytes as 64 hex digits or base64, e.g. the output of `openssl rand -base64 32`";

/** The key `text` spells, or undefined when it is not 32 bytes in one of the accepted spellings. */
export function parseSecretsKey(text: string): Buffer | undefined {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, "hex");
  if (/^[A-Za-z0-9+/]{43}=?$/.test(value) || /^[A-Za-z0-9_-]{43}$/.test(value)) {
    const key = Buffer.from(value, value.includes("-") || value.includes("_") ? "base64url" : "base64");
    return key.length === SECRETS_KEY_BYTES ? key : undefined;
  }
  return undefined;
}

/** How an encrypted value starts: its format's version, so a later format can be told apart. */
const SEALED_PREFIX = "v1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Fixed: HKDF's salt only has to be the same at every start (RFC 5869, 3.1). */
const HKDF_SALT = "society-website secrets key";

export const isSealed = (stored: string): boolean => stored.startsWith(SEALED_PREFIX);

export class SealedSecretError extends Error {
  override name = "SealedSecretError";
}

export interface SecretsKey {
  /**
   * `plain` encrypted with AES-256-GCM: "v1:" and base64url of the IV, the tag and the ciphertext. `context` (where it is
   * stored, e.g. the row's id) is authenticated with it, so the value opens only where it was sealed.
   */
  seal(plain: string, context: string): string;
  /** The plain text of a sealed value; SealedSecretError when it is not one, another key sealed it, or another context. */
  open(sealed: string, context: string): string;
  /** The audit log's code of a network (a /24 or /48): HMAC-SHA-256 under the audit key, hex. */
  auditNetworkCode(prefix: string): string;
  /** A session's code of the network it signed in from, under a key of its own: not comparable with the audit log's. */
  sessionNetworkCode(prefix: string): string;
  /** An event ticket's signature (server/services/registrations/tickets.ts): HMAC-SHA-256 under the ticket key. */
  ticketSignature(text: string): Buffer;
  /** What the database keeps to know the key again at the next start; nothing else can be derived from it. */
  fingerprint: string;
}

export function secretsKey(key: Buffer): SecretsKey {
  if (key.length !== SECRETS_KEY_BYTES) throw new Error(`a secrets key has ${SECRETS_KEY_BYTES} bytes`);
  const derive = (use: string) => Buffer.from(crypto.hkdfSync("sha256", key, HKDF_SALT, use, 32));
  const encryption = derive("encryption v1");
  const auditNetwork = derive("audit network code v1");
  const sessionNetwork = derive("session network code v1");
  const ticket = derive("ticket v1");
  const hmac = (subKey: Buffer, text: string) => crypto.createHmac("sha256", subKey).update(text).digest("hex");

  return {
    seal(plain, context) {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv("aes-256-gcm", encryption, iv).setAAD(Buffer.from(context));
      const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64url");
    },

    open(sealed, context) {
      if (!isSealed(sealed)) throw new SealedSecretError("not an encrypted value");
      const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), "base64url");
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new SealedSecretError("an encrypted value cut short");
      const decipher = crypto
        .createDecipheriv("aes-256-gcm", encryption, bytes.subarray(0, IV_BYTES))
        .setAAD(Buffer.from(context))
        .setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      try {
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
      } catch {
        throw new SealedSecretError("an encrypted value that does not open with this key, or was stored elsewhere");
      }
    },

    auditNetworkCode: (prefix) => hmac(auditNetwork, prefix),
    sessionNetworkCode: (prefix) => hmac(sessionNetwork, prefix),
    ticketSignature: (text) => crypto.createHmac("sha256", ticket).update(text).digest(),
    fingerprint: hmac(derive("fingerprint v1"), "secrets key fingerprint"),
  };
}
