import type { MetaDescriptor } from "react-router";
import type { BookName, Books } from "#core/i18n/books.ts";
import { hasUrduVersion, localizedPath } from "#core/i18n/locale.ts";
import type { LinkPreviewImage } from "#core/responsive-image.ts";
import type { SiteChrome } from "#server/services/site-content.ts";
import { bookIn, type PageLanguage } from "./i18n";

interface PageMeta {
  /** In the page's language: a route's `meta` reads its book with bookOf. */
  title: string;
  description: string;
  /** English path of this page (its Urdu one is under /ur): the canonical URL, and the other language's. */
  path: string;
  /** The page's own photo for link previews; the logo's card when absent. */
  preview?: LinkPreviewImage | null;
}

/** The link-preview picture's tags: og:image with its size, type and alt text, and twitter:image. */
function previewTags(preview: LinkPreviewImage, publicUrl: string): MetaDescriptor[] {
  const url = `${publicUrl}${preview.src}`;
  return [
    { property: "og:image", content: url },
    { property: "og:image:type", content: preview.type },
    { property: "og:image:width", content: String(preview.width) },
    { property: "og:image:height", content: String(preview.height) },
    { property: "og:image:alt", content: preview.alt },
    { name: "twitter:image", content: url },
    { name: "twitter:image:alt", content: preview.alt },
  ];
}

type Matches = readonly ({ loaderData?: unknown } | undefined)[];

/** A book of the site's words in the page's language, for a route's `meta` (which cannot call hooks), as useBook gives it. */
export const bookOf = <Name extends BookName>(matches: Matches, name: Name, english: Books[Name]): Books[Name] =>
  bookIn((matches[0]?.loaderData as { language?: PageLanguage } | undefined)?.language, name, english);

/**
 * A page's title alone, and search engines told to leave the page out: the admin's pages, and public ones that hold one
 * person's link; a public form's own page (`robots` "noindex") lets them follow its links.
 */
export const unlistedPageMeta = (title: string, robots = "noindex, nofollow") => [{ title }, { name: "robots", content: robots }];

/** Title, description, canonical URL and link-preview tags for a page; `matches` hold the root loader's chrome. */
export function pageMeta(matches: Matches, page: PageMeta): MetaDescriptor[] {
  const chrome = matches[0]?.loaderData as (SiteChrome & { language?: PageLanguage }) | undefined;
  const { title: pageTitle, description } = page;
  if (!chrome) return [{ title: pageTitle }];
  const locale = chrome.language?.locale ?? "en";
  const urlIn = (language: "en" | "ur") => `${chrome.publicUrl}${localizedPath(page.path, language)}`;
  const url = urlIn(locale);
  const preview = page.preview ?? chrome.preview;
  // The home page leads with the society's name; the others with their own.
  const title = page.path === "/" ? `${chrome.siteName} | ${pageTitle}` : `${pageTitle} | ${chrome.siteName}`;
  // Each language names the other, and English is the default for everyone else.
  const alternates: MetaDescriptor[] = hasUrduVersion(page.path)
    ? [
        { tagName: "link", rel: "alternate", hrefLang: "en", href: urlIn("en") },
        { tagName: "link", rel: "alternate", hrefLang: "ur", href: urlIn("ur") },
        { tagName: "link", rel: "alternate", hrefLang: "x-default", href: urlIn("en") },
      ]
    : [];
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...alternates,
    { property: "og:type", content: "website" },
    { property: "og:locale", content: locale === "ur" ? "ur_PK" : "en_GB" },
    { property: "og:site_name", content: chrome.siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(preview ? previewTags(preview, chrome.publicUrl) : []),
    { name: "twitter:card", content: preview?.photo ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
}

/** The `headers` of a page that is one person's, or opened by a link that admits whoever holds it: no cache keeps it. */
export const personalPageHeaders = () => ({ "Cache-Control": "no-store" });
