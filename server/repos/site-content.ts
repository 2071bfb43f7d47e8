import { type Db, withDb } from "#server/repos/db.ts";
import { hasContent, siteDetails, updateSiteDetails } from "#server/repos/site-content/details.ts";
import { readContent } from "#server/repos/site-content/read.ts";
import { replaceContent } from "#server/repos/site-content/replace.ts";
import { contentVersion, lockContentForWriting, raiseContentVersion } from "#server/repos/site-content/version.ts";

export { CONTENT_TABLES, type StoredGallery, type StoredSiteContent } from "#server/repos/site-content/stored-content.ts";

/** The content tables, read and written whole. Each write raises `settings.contentVersion` (the page cache's cue). */
export function siteContentRepo(db: Db) {
  return {
    version: withDb(db, contentVersion),
    hasContent: withDb(db, hasContent),
    read: withDb(db, readContent),
    replace: withDb(db, replaceContent),
    lockForWriting: withDb(db, lockContentForWriting),
    raiseVersion: withDb(db, raiseContentVersion),
    details: withDb(db, siteDetails),
    updateDetails: withDb(db, updateSiteDetails),
  };
}
