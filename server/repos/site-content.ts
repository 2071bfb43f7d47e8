import { bindFirst } from "#server/bind-first.ts";
import type { Db } from "./db";
import { hasContent, siteDetails, updateSiteDetails } from "#server/repos/site-content/details.ts";
import { readContent } from "#server/repos/site-content/read.ts";
import { replaceContent } from "#server/repos/site-content/replace.ts";
import { contentVersion, lockContentForWriting, raiseContentVersion } from "#server/repos/site-content/version.ts";

export { CONTENT_TABLES, type StoredGallery, type StoredSiteContent } from "#server/repos/site-content/stored-content.ts";

/** The content tables, read and written whole. Each write raises `settings.contentVersion` (the page cache's cue). */
export function siteContentRepo(db: Db) {
  return {
    version: bindFirst(db, contentVersion),
    hasContent: bindFirst(db, hasContent),
    read: bindFirst(db, readContent),
    replace: bindFirst(db, replaceContent),
    lockForWriting: bindFirst(db, lockContentForWriting),
    raiseVersion: bindFirst(db, raiseContentVersion),
    details: bindFirst(db, siteDetails),
    updateDetails: bindFirst(db, updateSiteDetails),
  };
}
