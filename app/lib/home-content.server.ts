import type { AppLoadContext } from "react-router";

/** The home page's sections from content/site.ts, with every photo resolved to its responsive variants. */
export function loadHomeContent({ site, contentImages }: AppLoadContext) {
  const image = contentImages.get;
  return {
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
    contact: {
      whatsappUrl: site.whatsapp.contactUrl,
      communityUrl: site.whatsapp.communityUrl,
      socialLinks: site.socialLinks,
    },
  };
}

export type HomeContent = ReturnType<typeof loadHomeContent>;
