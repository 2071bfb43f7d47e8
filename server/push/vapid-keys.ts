import webPush from "web-push";
import type { SettingsRepo } from "#server/repos/settings.ts";
import type { SecretsKey } from "#server/secrets-key.ts";

/** Where the VAPID private key is stored: its encryption is bound to this, so it opens in no other column. */
const CONTEXT = "settings.vapid_private_key";

/** The key pair the site signs its pushes with (RFC 8292), base64url as the Push API and `web-push` take them. */
export interface VapidKeys {
  /** The uncompressed P-256 public key: the page's `applicationServerKey`. */
  publicKey: string;
  privateKey: string;
}

/**
 * The site's VAPID key pair: made with `web-push` at the first start and kept in the settings, its private key encrypted
 * with the secrets key (like the two-factor secrets), so a copy of the database alone cannot push to the subscribers.
 * Of several instances making one at once, the first stored wins and every one reads that one back.
 */
export async function vapidKeys(settings: Pick<SettingsRepo, "vapidKeys" | "claimVapidKeys">, secrets: SecretsKey): Promise<VapidKeys> {
  let stored = await settings.vapidKeys();
  if (!stored) {
    const made = webPush.generateVAPIDKeys();
    await settings.claimVapidKeys(made.publicKey, secrets.seal(made.privateKey, CONTEXT));
    stored = await settings.vapidKeys();
    if (!stored) throw new Error("the settings row is missing: the VAPID keys could not be stored");
  }
  return { publicKey: stored.publicKey, privateKey: secrets.open(stored.sealedPrivateKey, CONTEXT) };
}
