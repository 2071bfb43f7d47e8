import fs from "node:fs";
import path from "node:path";
import { SECRETS_KEY_FILE } from "#server/secrets-at-rest.ts";
import { parseSecretsKey, type SecretsKey, secretsKey } from "#server/secrets-key.ts";

/**
 * The secrets key of a server started on `dataDir` without SECRETS_KEY: the key file its first start made there. Tests
 * that write a second-factor secret into its database encrypt it with this, as the server does.
 */
export function secretsKeyIn(dataDir: string): SecretsKey {
  const key = parseSecretsKey(fs.readFileSync(path.join(dataDir, SECRETS_KEY_FILE), "utf8"));
  if (!key) throw new Error(`no secrets key in ${dataDir}`);
  return secretsKey(key);
}
