/**
 * The public pages: the same for every visitor, listed in the sitemap and rendered once and kept by the server's
 * page cache (docs/decisions/010-page-cache.md).
 */
export const PUBLIC_PAGES = ["/", "/announcement", "/events-and-activities", "/explore-smc"] as const;
