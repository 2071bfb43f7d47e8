import crypto from "node:crypto";
import { maskableIcon } from "#server/images/maskable-icon.ts";
import type { FileStorage } from "#server/storage/storage.ts";

export interface AppIconDeps {
  storage: FileStorage;
  /** The storage key of the logo's largest square PNG; undefined for a logo without one. */
  printLogoKey(): Promise<string | undefined>;
}

export interface AppIcon {
  body: Buffer;
  etag: string;
}

/**
 * The installed site's icons that are not stored with the logo: made from it when first asked for, and kept in memory
 * until the logo changes (one small PNG).
 */
export function appIconService({ storage, printLogoKey }: AppIconDeps) {
  let made: { logoKey: string; icon: Promise<AppIcon | undefined> } | undefined;
  return {
    /** The maskable home-screen icon (the web app manifest's); undefined while the logo has no PNG to make it from. */
    async maskable(): Promise<AppIcon | undefined> {
      const logoKey = await printLogoKey();
      if (!logoKey) return undefined;
      if (made?.logoKey !== logoKey) {
        const icon = (async () => {
          const logo = await storage.get(logoKey);
          if (!logo) return undefined;
          const body = await maskableIcon(logo.body);
          return { body, etag: `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
        })();
        made = { logoKey, icon };
        // A failed read is not kept: the next request tries again.
        const forget = () => {
          if (made?.icon === icon) made = undefined;
        };
        icon.then((result) => result ?? forget(), forget);
      }
      return made.icon;
    },
  };
}
