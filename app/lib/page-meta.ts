import type { MetaDescriptor } from "react-router";
import type { SiteChrome } from "../../server/services/site-content";

interface PageMeta {
  title: string;
  description: string;
  /** Path of this page, for the canonical URL. */
  path: string;
  /** Absolute or site-relative URL of the sharing image; the logo when absent. */
  image?: string;
}

/** Title, description, canonical URL and link-preview tags for a page; `matches` hold the root loader's chrome. */
export function pageMeta(matches: readonly ({ loaderData?: unknown } | undefined)[], page: PageMeta): MetaDescriptor[] {
  const chrome = matches[0]?.loaderData as SiteChrome | undefined;
  if (!chrome) return [{ title: page.title }];
  const url = `${chrome.publicUrl}${page.path}`;
  const imagePath = page.image ?? chrome.logo.src;
  const image = imagePath.startsWith("http") ? imagePath : `${chrome.publicUrl}${imagePath}`;
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
    { property: "og:image", content: image },
    { name: "twitter:card", content: page.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
  ];
}
