import type { Kysely } from "kysely";
import type { SiteContent } from "../content/site-schema";
import type { Database } from "../db/schema";
import type { SiteIcons } from "../images/content-image-manifest";
import type { ContentImages } from "../images/content-images";
import type { Logger } from "../logger";
import type { Repos } from "../repos";
import type { AnnouncementService } from "../services/announcements";
import type { FileStorage } from "../storage/storage";

/** Everything a loader or action may use, built once at start (and a fresh CSP nonce per request). */
export interface ServerContext {
  site: SiteContent;
  publicUrl: string;
  db: Kysely<Database>;
  repos: Repos;
  storage: FileStorage;
  contentImages: ContentImages;
  icons: SiteIcons;
  logger: Logger;
  /** For the join and contact services: the mail's time zone, and a nudge for the outbox worker. */
  mail: { timeZone: string; wake(): void };
  services: { announcements: AnnouncementService };
}

export interface RequestContext extends ServerContext {
  cspNonce: string;
  /** The client's address as Express sees it (TRUST_PROXY decides whether X-Forwarded-For counts). */
  clientIp: string;
  /** Set by a loader that drew the page without some of its data (a setting it could not read): such a page is not kept. */
  renderFlags: { partial: boolean };
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}
