import type { MetaDescriptor } from "react-router";
import type { LinkPreviewImage } from "#core/responsive-image.ts";
import type { SiteChrome } from "#server/services/site-content.ts";

interface PageMeta {
  title: string;
  description: string;
  /** Path of this page, for the canonical URL. */
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

/** Title, description, canonical URL and link-preview tags for a page; `matches` hold the root loader's chrome. */
export function pageMeta(matches: readonly ({ loaderData?: unknown } | undefined)[], page: PageMeta): MetaDescriptor[] {
  const chrome = matches[0]?.loaderData as SiteChrome | undefined;
  if (!chrome) return [{ title: page.title }];
  const url = `${chrome.publicUrl}${page.path}`;
  const preview = page.preview ?? chrome.preview;
  // The home page leads with the society's name; the others with their own.
  const title = page.path === "/" ? `${chrome.siteName} | ${page.title}` : `${page.title} | ${chrome.siteName}`;
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: chrome.siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    ...(preview ? previewTags(preview, chrome.publicUrl) : []),
    { name: "twitter:card", content: preview?.photo ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
  ];
}
