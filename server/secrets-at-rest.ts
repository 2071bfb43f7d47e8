import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { sealTotpSecret } from "./auth/totp-secret";
import { forgetDeletedRows } from "./db/database";
import type { Database } from "./db/schema";
import type { Logger } from "./logger";
import { createRepos, inTransaction } from "./repos";
import { AUDIT_ACTOR } from "./repos/audit-log";
import { isSealed, parseSecretsKey, SECRETS_KEY_BYTES, SECRETS_KEY_FORMAT, type SecretsKey, secretsKey } from "./secrets-key";

/**
 * Where the start keeps the secrets key it made when SECRETS_KEY is not set: in DATA_DIR, which `npm run backup` does
 * not copy whole (its archives hold site.db and uploads/ only), readable by the service user only.
 */
export const SECRETS_KEY_FILE = "secrets.key";

/** A start that cannot have the right secrets key: one line for the operator, naming SECRETS_KEY. */
export class SecretsKeyError extends Error {
  override name = "SecretsKeyError";
}

const IF_LOST = "if the key is lost for good: npm run admin -- forget-secrets-key";

function readKeyFile(file: string): Buffer | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const key = parseSecretsKey(text);
  if (!key) {
    throw new SecretsKeyError(
      `SECRETS_KEY is not set, and ${file} does not hold a secrets key (${SECRETS_KEY_FORMAT}): put back the file the site made, or set SECRETS_KEY`,
    );
  }
  return key;
}

/**
 * A new random key in `file`, mode 600. Written beside it first and linked into place, so the file is either whole or
 * absent, and of two processes making it at once one key wins and both use it.
 */
function makeKeyFile(file: string): Buffer {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const key = crypto.randomBytes(SECRETS_KEY_BYTES);
  const written = `${file}.${process.pid}.new`;
  fs.writeFileSync(written, `${key.toString("base64")}\n`, { mode: 0o600, flush: true });
  try {
    fs.linkSync(written, file);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return readKeyFile(file)!;
  } finally {
    fs.rmSync(written, { force: true });
  }
}

export interface SecretsKeyOptions {
  /** SECRETS_KEY, when set; else the key file in `dataDir`, made at the first start. */
  configured?: Buffer;
  dataDir: string;
  db: Kysely<Database>;
  logger: Logger;
}

/**
 * The secrets key for this start, after migrating: SECRETS_KEY, else DATA_DIR/secrets.key, made at the first start of a
 * database that has never had one. The database keeps the key's fingerprint: a start with another key, or with none
 * when the database was used with one (a restore without the key), stops with SecretsKeyError. Then every authenticator
 * secret still stored in the clear is encrypted, and the write-ahead log emptied of the clear ones; a secret already
 * encrypted is left as it is, so any number of instances may do this at once.
 */
export async function openSecretsKey({ configured, dataDir, db, logger }: SecretsKeyOptions): Promise<SecretsKey> {
  const repos = createRepos(db);
  const file = path.join(dataDir, SECRETS_KEY_FILE);
  const recorded = await repos.settings.secretsKeyFingerprint();
  let key = configured ?? readKeyFile(file);
  if (!key) {
    const encrypted = (await repos.admins.totpSecrets()).some(({ totpSecret }) => isSealed(totpSecret));
    if (recorded !== null || encrypted) {
      throw new SecretsKeyError(
        `SECRETS_KEY is not set and there is no ${file}, but this database's secrets were encrypted with a key: set SECRETS_KEY to it, or put its key file back (${IF_LOST})`,
      );
    }
    key = makeKeyFile(file);
    logger.info({ file }, "secrets key made: keep a copy of it apart from the backups");
  }
  const secrets = secretsKey(key);
  const held = recorded ?? (await repos.settings.claimSecretsKeyFingerprint(secrets.fingerprint));
  if (held !== secrets.fingerprint) {
    throw new SecretsKeyError(
      configured
        ? `SECRETS_KEY is not the key this database's secrets were encrypted with: set the key the site ran with (${IF_LOST})`
        : `SECRETS_KEY is not set, and ${file} is not the key this database's secrets were encrypted with: put back the key file the site ran with, or set SECRETS_KEY to that key (${IF_LOST})`,
    );
  }

  let encrypted = 0;
  for (const { id, totpSecret } of await repos.admins.totpSecrets()) {
    if (isSealed(totpSecret)) continue;
    if (await repos.admins.replaceTotpSecret(id, totpSecret, sealTotpSecret(secrets, id, totpSecret))) encrypted++;
  }
  if (encrypted > 0) {
    await forgetDeletedRows(db);
    logger.info({ admins: encrypted }, "two-factor secrets encrypted with the secrets key");
  }
  return secrets;
}

/**
 * For a secrets key lost for good (the operator's `forget-secrets-key`): every authenticator secret it encrypted goes,
 * with its admin's recovery codes and sessions (each of those admins signs in with the password alone, then sets two
 * factors up again); the network codes it made are marked old (audit log) or dropped (sessions); the VAPID key pair
 * goes with the push subscriptions made for it; and the database forgets its fingerprint, so the next start takes the
 * key it is given, or makes one.
 */
export async function forgetSecretsKey(db: Kysely<Database>): Promise<{ twoFactorTurnedOff: number; revokedSessions: number }> {
  const forgotten = await inTransaction(db, async (trx) => {
    const admins = await trx.admins.totpSecrets();
    let revokedSessions = 0;
    for (const { id } of admins) {
      await trx.admins.disableTotp(id);
      await trx.recoveryCodes.replace(id, [], new Date().toISOString());
      revokedSessions += await trx.sessions.deleteAllForAdmin(id);
    }
    await trx.sessions.forgetNetworkCodes();
    await trx.auditLog.markNetworkCodesOld();
    await trx.settings.forgetSecretsKeyFingerprint();
    // The VAPID private key it sealed cannot be opened: the next start makes a new pair, for which the browsers'
    // subscriptions (made for the old public key) are no good; each subscribes again from the page.
    await trx.settings.forgetVapidKeys();
    await trx.pushSubscriptions.deleteAll();
    await trx.auditLog.record(
      AUDIT_ACTOR.cli,
      "secrets-key.forget",
      `two_factor_turned_off=${admins.length} sessions_revoked=${revokedSessions}`,
    );
    return { twoFactorTurnedOff: admins.length, revokedSessions };
  });
  await forgetDeletedRows(db);
  return forgotten;
}
