import type { SecretsKey } from "#server/secrets-key.ts";

/** Where an admin's authenticator secret is stored: its encryption is bound to this, so it opens in no other row. */
const contextOf = (adminId: string) => `admins.totp_secret:${adminId}`;

/** The admin's authenticator secret (base32) as `admins.totp_secret` keeps it: encrypted with the secrets key. */
export const sealTotpSecret = (secrets: SecretsKey, adminId: string, secret: string): string => secrets.seal(secret, contextOf(adminId));

/** The base32 secret of a stored `admins.totp_secret`; SealedSecretError when it is not the admin's under this key. */
export const openTotpSecret = (secrets: SecretsKey, adminId: string, stored: string): string => secrets.open(stored, contextOf(adminId));
