import { APP_SCREENSHOT_FORM_FACTORS } from "#core/app-screenshots.ts";
import { compactGalleryPhoto, galleryPhotoAlt } from "#core/gallery-photo.ts";
import { galleryPagePath } from "#core/public-pages.ts";
import { formatCalendarDay } from "#core/calendar-day.ts";
import { firstLineOf, whatsAppMessage } from "#core/whatsapp.ts";
import type { Locale } from "#core/i18n/locale.ts";
import { localizedText } from "#core/localized-text.ts";
import type { StoredImage } from "#server/repos/images.ts";
import type { ImageVariant } from "#server/db/schema.ts";
import type { siteContentRepo, StoredGallery, StoredSiteContent } from "#server/repos/site-content.ts";
import { ICON_SIZES } from "#server/images/encode-image.ts";
import { storedFileUrl, storedImageToResponsive } from "./image-store";
import { storedImagePreview } from "./link-previews";
import { videoUrl } from "./video-store";

export interface SiteContentDeps {
  repo: Pick<ReturnType<typeof siteContentRepo>, "version" | "read">;
  publicUrl: string;
}

/** The content has not been imported: the start imports it before serving, so only a broken install gets here. */
export class MissingContentError extends Error {
  constructor() {
    super("the site has no content yet: start the server once (it imports content/) or run `npm run admin -- content import content`");
    this.name = "MissingContentError";
  }
}

/** PNG icons made from the society's logo: browser tab, home screen, web app manifest. */
export type SiteIcons = Record<keyof typeof ICON_SIZES, string>;

function iconsOf(logo: StoredImage): SiteIcons {
  const url = (size: number) => {
    const icon = logo.variants.find((v) => v.format === "png" && v.width === size);
    return icon ? storedFileUrl(icon.key) : "";
  };
  return {
    favicon32: url(ICON_SIZES.favicon32),
    appleTouch180: url(ICON_SIZES.appleTouch180),
    icon192: url(ICON_SIZES.icon192),
    icon512: url(ICON_SIZES.icon512),
  };
}

/**
 * What the public pages in `locale` draw from the society's content, with every photo resolved to its responsive
 * variants. The texts the committee writes in Urdu show on the Urdu pages in place of the English ones; the rest
 * (names, links, image descriptions) is the same in both.
 */
function publicContent(site: StoredSiteContent, publicUrl: string, locale: Locale) {
  const image = storedImageToResponsive;
  const shown = <T extends string | null>(english: T, urdu: string | null) => localizedText(locale, english, urdu);
  const galleryName = (group: StoredGallery) => shown(group.name, group.nameUr);
  const logo = image(site.logo, site.logoAlt);
  // A photo without the admin's alt text is named in the browser by its group and position (galleryPhotoAlt).
  // Made once per gallery: a gallery's slider and its own page show the same list.
  const photoLists = new Map(
    site.galleries.map((group) => [
      group,
      group.photos.map((p) => ({ ...compactGalleryPhoto(image(p.image, "")), ...(p.alt ? { alt: p.alt } : {}) })),
    ]),
  );
  const photosOf = (group: StoredGallery) => photoLists.get(group)!;
  const gallery = (group: StoredGallery) => ({ name: galleryName(group), path: galleryPagePath(group.slug), photos: photosOf(group) });
  // A gallery shows once it has photos: one just made, its photos still uploading, stays off the public site.
  const galleries = (kind: StoredGallery["kind"]) => site.galleries.filter((g) => g.kind === kind && g.photos.length > 0);
  const menuOf = (kind: StoredGallery["kind"]) => galleries(kind).map((g) => ({ label: galleryName(g), to: galleryPagePath(g.slug) }));
  const galleryPage = (group: StoredGallery) => {
    const cover = group.photos[group.coverIndex ?? 0]!;
    const name = galleryName(group);
    const description = shown(group.description, group.descriptionUr);
    return {
      name,
      kind: group.kind === "activity" ? ("activity" as const) : ("event" as const),
      date: group.date,
      description,
      photos: photosOf(group),
      /** Its link preview: the chosen cover, or the first photo (described as in English, as every image is). */
      preview: storedImagePreview(cover.image, galleryPhotoAlt({ alt: cover.alt ?? undefined }, group.name, group.coverIndex ?? 0)),
      /** The message Share on WhatsApp writes of it (the page adds its link). */
      whatsAppMessage: whatsAppMessage({
        title: name,
        when: group.date && formatCalendarDay(group.date, locale),
        line: description && firstLineOf(description),
      }),
    };
  };

  const printLogo = site.logo.variants
    .filter((variant) => variant.format === "png" && !variant.preview)
    .reduce<ImageVariant | undefined>((largest, variant) => (largest && largest.width >= variant.width ? largest : variant), undefined);
  return {
    /** The web app manifest's screenshots of the site: each stored one's file, its exact size, its kind and its label. */
    appScreenshots: APP_SCREENSHOT_FORM_FACTORS.flatMap((formFactor) => {
      const screenshot = site.appScreenshots[formFactor];
      const file = screenshot?.image.variants[0];
      if (!screenshot || !file) return [];
      const { width, height } = file;
      return [{ src: storedFileUrl(file.key), width, height, type: `image/${file.format}`, formFactor, label: screenshot.label }];
    }),
    /** The storage key of the logo's largest square PNG, which certificates print; undefined for a logo without one. */
    printLogoKey: printLogo?.key,
    /** What every page's top bar and head need: names, logo, icons, menus. */
    chrome: {
      siteName: site.name,
      shortName: site.shortName,
      tagline: shown(site.tagline, site.taglineUr),
      publicUrl,
      logo,
      /** The logo's card: the link preview of a page without a photo of its own. */
      preview: storedImagePreview(site.logo, site.logoAlt),
      icons: iconsOf(site.logo),
      joinQuestions: site.joinQuestions,
      resourcesMenu: site.resources.map((r) => ({ label: r.menuLabel, url: r.url })),
      /** Whether the home page has its "Our Collaborator" section, which the menu links to. */
      hasCollaborators: site.collaborators.length > 0,
      /** The Events & Activities panel: each event and activity with photos, leading to its own page. */
      eventsMenu: menuOf("event"),
      activitiesMenu: menuOf("activity"),
    },

    home: {
      hero: {
        tagline: shown(site.tagline, site.taglineUr),
        heroText: shown(site.heroText, site.heroTextUr),
        logo,
        videoUrl: site.documentaryVideo ? videoUrl(site.documentaryVideo) : null,
        socialLinks: site.socialLinks,
      },
      about: {
        siteName: site.name,
        mission: shown(site.mission, site.missionUr),
        goals: site.goals.map((goal) => ({
          title: shown(goal.title, goal.titleUr),
          description: shown(goal.description, goal.descriptionUr),
        })),
        president: { ...site.president, photo: image(site.president.photo, `${site.president.name}, ${site.president.title}`) },
        team: site.team.map((member) => ({
          title: shown(member.title, member.titleUr),
          name: member.name,
          description: shown(member.description, member.descriptionUr),
          image: member.image ? image(member.image, member.image.id === site.logo.id ? site.logoAlt : member.name) : null,
        })),
      },
      collaborators: site.collaborators.map((c) => ({
        name: c.name,
        description: c.description,
        url: c.url,
        image: image(c.image, `${c.name} logo`),
      })),
      resources: {
        cards: site.resources.map((r) => ({ title: r.title, url: r.url, image: image(r.image, `Illustration for ${r.title}`) })),
        videoChannelUrl: site.videoChannelUrl,
      },
      contact: { whatsappUrl: site.whatsapp.contactUrl, communityUrl: site.whatsapp.communityUrl, socialLinks: site.socialLinks },
    },

    eventGalleries: { events: galleries("event").map(gallery), activities: galleries("activity").map(gallery) },

    explorePhotos: galleries("explore").flatMap(photosOf),

    /** /events-and-activities/<slug>, by slug: the events and activities that have photos. */
    galleryPages: new Map([...galleries("event"), ...galleries("activity")].map((g) => [g.slug, galleryPage(g)])),

    /** How the admin's request cards label the applicant's local address (the join form's street address). */
    localAddressLabel: site.localAddressLabel ?? "Local Address",
  };
}

type PublicContent = ReturnType<typeof publicContent>;

/** One read of the content, drawn for each language once, when a page in it first asks. */
function inEachLocale(site: StoredSiteContent, publicUrl: string): (locale: Locale) => PublicContent {
  const drawn = new Map<Locale, PublicContent>();
  return (locale) => {
    let content = drawn.get(locale);
    if (!content) {
      content = publicContent(site, publicUrl, locale);
      drawn.set(locale, content);
    }
    return content;
  };
}

/**
 * The society's content as the pages draw it, read from the database once per content version and drawn once per
 * language: a request asks only for the version (the rendered public pages themselves come from the page cache and
 * ask nothing). Every read takes the page's language, English when none is given.
 */
export function siteContentService({ repo, publicUrl }: SiteContentDeps) {
  type Content = ReturnType<typeof inEachLocale>;
  let cached: { version: number; content: Promise<Content> } | undefined;
  /** The content last read whole: while the database does not answer, pages are drawn from it. */
  let lastRead: Content | undefined;

  async function current(): Promise<Content> {
    let version: number;
    try {
      version = await repo.version();
    } catch (error) {
      if (lastRead) return lastRead;
      throw error;
    }
    if (cached?.version !== version) {
      const content = repo.read().then((site) => {
        if (!site) throw new MissingContentError();
        lastRead = inEachLocale(site, publicUrl);
        return lastRead;
      });
      cached = { version, content };
      // A failed read is not remembered: the next request reads again.
      content.catch(() => {
        if (cached?.content === content) cached = undefined;
      });
    }
    return cached.content;
  }

  /** The content as the pages in `locale` draw it. */
  const inLocale = async (locale: Locale) => (await current())(locale);
  /** What is the same in every language (names, questions, keys): read from the English pages' content. */
  const english = () => inLocale("en");

  return {
    publicUrl,
    chrome: async (locale: Locale = "en") => (await inLocale(locale)).chrome,
    home: async (locale: Locale = "en") => (await inLocale(locale)).home,
    eventGalleries: async (locale: Locale = "en") => (await inLocale(locale)).eventGalleries,
    explorePhotos: async (locale: Locale = "en") => (await inLocale(locale)).explorePhotos,
    /** One event's or activity's page, or undefined when no gallery with photos has that slug. */
    galleryPage: async (slug: string, locale: Locale = "en") => (await inLocale(locale)).galleryPages.get(slug),
    /** The paths of those pages, for the sitemap. */
    galleryPaths: async () => [...(await english()).galleryPages.keys()].map(galleryPagePath),
    joinQuestions: async () => (await english()).chrome.joinQuestions,
    localAddressLabel: async () => (await english()).localAddressLabel,
    printLogoKey: async () => (await english()).printLogoKey,
    appScreenshots: async () => (await english()).appScreenshots,
  };
}

export type SiteChrome = PublicContent["chrome"] & { joinUsVisible: boolean };
export type HomeContent = PublicContent["home"];
