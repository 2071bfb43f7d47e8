import crypto from "node:crypto";
import { describe, expect, test } from "vitest";
import { isSealed, parseSecretsKey, SealedSecretError, secretsKey } from "./secrets-key";

const KEY = crypto.randomBytes(32);
const OTHER_KEY = crypto.randomBytes(32);

describe("the secrets key", () => {
  test("is 32 bytes spelt as 64 hex digits, base64 or base64url; anything else is refused", () => {
    expect(parseSecretsKey(KEY.toString("hex"))?.equals(KEY)).toBe(true);
    expect(parseSecretsKey(KEY.toString("hex").toUpperCase())?.equals(KEY)).toBe(true);
    expect(parseSecretsKey(KEY.toString("base64"))?.equals(KEY)).toBe(true);
    expect(parseSecretsKey(`${KEY.toString("base64")}\n`)?.equals(KEY)).toBe(true);
    expect(parseSecretsKey(KEY.toString("base64url"))?.equals(KEY)).toBe(true);
    for (const wrong of [
      "",
      "secret",
      crypto.randomBytes(31).toString("hex"),
      crypto.randomBytes(33).toString("hex"),
      crypto.randomBytes(24).toString("base64"),
      crypto.randomBytes(48).toString("base64"),
      `${KEY.toString("hex").slice(1)}g`,
    ]) {
      expect(parseSecretsKey(wrong), wrong).toBeUndefined();
    }
  });

  test("seals a value with AES-256-GCM: versioned, different each time, opened only with the key and in its context", () => {
    const secrets = secretsKey(KEY);
    const sealed = secrets.seal("JBSWY3DPEHPK3PXP", "admins.totp_secret:a");
    expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    // 12 bytes of IV, 16 of tag, then as many as the text.
    expect(Buffer.from(sealed.slice(3), "base64url")).toHaveLength(12 + 16 + "JBSWY3DPEHPK3PXP".length);
    expect(secrets.seal("JBSWY3DPEHPK3PXP", "admins.totp_secret:a")).not.toBe(sealed);
    expect(secrets.open(sealed, "admins.totp_secret:a")).toBe("JBSWY3DPEHPK3PXP");

    expect(() => secretsKey(OTHER_KEY).open(sealed, "admins.totp_secret:a")).toThrow(SealedSecretError);
    expect(() => secrets.open(sealed, "admins.totp_secret:b")).toThrow(SealedSecretError);
    const bytes = Buffer.from(sealed.slice(3), "base64url");
    bytes[bytes.length - 1]! ^= 1;
    expect(() => secrets.open(`v1:${bytes.toString("base64url")}`, "admins.totp_secret:a")).toThrow(SealedSecretError);
    expect(() => secrets.open("JBSWY3DPEHPK3PXP", "admins.totp_secret:a")).toThrow(SealedSecretError);
    expect(() => secrets.open("v1:AAAA", "admins.totp_secret:a")).toThrow(SealedSecretError);
  });

  test("network codes: the same network the same code, another key another code, and no plain hash or HMAC of the key itself", () => {
    const secrets = secretsKey(KEY);
    const prefix = "203.0.113.0/24";
    const audit = secrets.auditNetworkCode(prefix);
    const session = secrets.sessionNetworkCode(prefix);
    expect(audit).toMatch(/^[0-9a-f]{64}$/);
    expect(secretsKey(Buffer.from(KEY)).auditNetworkCode(prefix)).toBe(audit);
    expect(secrets.auditNetworkCode("198.51.100.0/24")).not.toBe(audit);
    // Each use its own key: a session's code cannot be matched with the audit log's.
    expect(session).not.toBe(audit);
    expect(secretsKey(OTHER_KEY).auditNetworkCode(prefix)).not.toBe(audit);
    expect(secretsKey(OTHER_KEY).sessionNetworkCode(prefix)).not.toBe(session);
    const plain = [crypto.createHash("sha256").update(prefix).digest("hex"), crypto.createHmac("sha256", KEY).update(prefix).digest("hex")];
    expect(plain).not.toContain(audit);
    expect(plain).not.toContain(session);
  });

  test("its fingerprint tells keys apart and is none of the keys it derives", () => {
    const secrets = secretsKey(KEY);
    expect(secrets.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(secretsKey(Buffer.from(KEY)).fingerprint).toBe(secrets.fingerprint);
    expect(secretsKey(OTHER_KEY).fingerprint).not.toBe(secrets.fingerprint);
    expect(secrets.fingerprint).not.toContain(KEY.toString("hex"));
  });
});
