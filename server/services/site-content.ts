import { compactGalleryPhoto } from "#core/gallery-photo";
import type { PhotoGroup, SiteContent } from "#core/schemas/site-content";
import type { SiteIcons } from "../images/content-image-manifest";
import type { ContentImages } from "../images/content-images";

export interface SiteContentDeps {
  site: SiteContent;
  contentImages: ContentImages;
  icons: SiteIcons;
  publicUrl: string;
}

/** What the public pages draw from the society's content, with every photo resolved to its responsive variants. */
export function siteContentService({ site, contentImages, icons, publicUrl }: SiteContentDeps) {
  const image = contentImages.get;
  // Alt texts are given in the browser from the group's name and the photo's position (galleryPhotoAlt).
  const gallery = (group: PhotoGroup) => ({ name: group.name, photos: group.photos.map((photo) => compactGalleryPhoto(image(photo, ""))) });

  return {
    publicUrl,

    /** What every page's top bar and head need: names, logo, icons, menus. */
    chrome: () => ({
      siteName: site.name,
      shortName: site.shortName,
      tagline: site.tagline,
      publicUrl,
      logo: image(site.logo, site.logoAlt),
      icons,
      joinQuestions: site.joinQuestions,
      resourcesMenu: site.resources.map((r) => ({ label: r.menuLabel, url: r.url })),
      megaEvents: site.megaEvents,
      activities: site.activities,
    }),

    home: () => ({
      hero: {
        tagline: site.tagline,
        heroText: site.heroText,
        logo: image(site.logo, site.logoAlt),
        videoUrl: site.documentaryVideo ? `/media/${site.documentaryVideo.replace(/^video\//, "")}` : null,
        socialLinks: site.socialLinks,
      },
      about: {
        siteName: site.name,
        mission: site.mission,
        goals: site.goals,
        president: { ...site.president, photo: image(site.president.photo, `${site.president.name}, ${site.president.title}`) },
        team: site.team.map((member) => ({
          title: member.title,
          name: member.name,
          description: member.description ?? null,
          image: member.img ? image(member.img, member.img === site.logo ? site.logoAlt : member.name) : null,
        })),
      },
      collaborators: site.collaborators.map((c) => ({ name: c.name, description: c.description, image: image(c.img, `${c.name} logo`) })),
      resources: {
        cards: site.resources.map((r) => ({ title: r.title, url: r.url, image: image(r.img, `Illustration for ${r.title}`) })),
        videoChannelUrl: site.videoChannelUrl,
      },
      contact: { whatsappUrl: site.whatsapp.contactUrl, communityUrl: site.whatsapp.communityUrl, socialLinks: site.socialLinks },
    }),

    eventGalleries: () => ({ events: site.eventGroups.map(gallery), activities: site.activityGroups.map(gallery) }),

    explorePhotos: () => site.explorePhotos.map((photo) => compactGalleryPhoto(image(photo, ""))),

    /** How the admin's request cards label the applicant's local address (the join form's street address). */
    localAddressLabel: site.localAddressLabel ?? "Local Address",
  };
}

type SiteContentService = ReturnType<typeof siteContentService>;
export type SiteChrome = ReturnType<SiteContentService["chrome"]> & { joinUsVisible: boolean };
export type HomeContent = ReturnType<SiteContentService["home"]>;
