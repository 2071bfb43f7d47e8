import type { Db } from "#server/repos/db.ts";
import { type StoredImage, toStoredImage } from "#server/repos/images.ts";
import { siteDetails } from "./details";
import type { StoredSiteContent } from "./stored-content";

const textList = (json: string): string[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.map(String) : [];
};

/** The whole content, or undefined before the first import. */
export async function readContent(db: Db): Promise<StoredSiteContent | undefined> {
  const details = await siteDetails(db);
  if (!details) return undefined;
  const [goals, team, collaborators, resources, socialLinks, galleries, photos] = await Promise.all([
    db.selectFrom("contentGoals").selectAll().orderBy("position").execute(),
    db.selectFrom("teamMembers").selectAll().orderBy("position").execute(),
    db.selectFrom("collaborators").selectAll().orderBy("position").execute(),
    db.selectFrom("resources").selectAll().orderBy("position").execute(),
    db.selectFrom("socialLinks").selectAll().orderBy("position").execute(),
    db.selectFrom("galleries").selectAll().orderBy("position").execute(),
    db.selectFrom("galleryPhotos").selectAll().orderBy("galleryId").orderBy("position").orderBy("id").execute(),
  ]);
  const imageIds = [
    details.logoImageId,
    details.presidentImageId,
    ...(details.narrowScreenshotImageId ? [details.narrowScreenshotImageId] : []),
    ...(details.wideScreenshotImageId ? [details.wideScreenshotImageId] : []),
    ...team.flatMap((m) => (m.imageId ? [m.imageId] : [])),
    ...collaborators.map((c) => c.imageId),
    ...resources.map((r) => r.imageId),
    ...photos.map((p) => p.imageId),
  ];
  const images = new Map(
    (
      await db
        .selectFrom("images")
        .selectAll()
        .where("id", "in", [...new Set(imageIds)])
        .execute()
    ).map((row) => [row.id, toStoredImage(row)]),
  );
  const image = (id: string): StoredImage => {
    const found = images.get(id);
    // Foreign keys make this impossible; should it happen, the page fails loudly instead of drawing a hole.
    if (!found) throw new Error(`content names image ${id}, which does not exist`);
    return found;
  };
  const screenshot = (id: string | null, label: string | null) => (id ? { image: image(id), label: label ?? "" } : null);
  return {
    name: details.name,
    shortName: details.shortName,
    tagline: details.tagline,
    heroText: details.heroText,
    logo: image(details.logoImageId),
    logoAlt: details.logoAlt,
    appScreenshots: {
      narrow: screenshot(details.narrowScreenshotImageId, details.narrowScreenshotLabel),
      wide: screenshot(details.wideScreenshotImageId, details.wideScreenshotLabel),
    },
    mission: details.mission,
    taglineUr: details.taglineUr,
    heroTextUr: details.heroTextUr,
    missionUr: details.missionUr,
    goals: goals.map(({ title, description, titleUr, descriptionUr }) => ({ title, description, titleUr, descriptionUr })),
    president: {
      name: details.presidentName,
      title: details.presidentTitle,
      message: details.presidentMessage,
      photo: image(details.presidentImageId),
    },
    team: team.map((m) => ({
      title: m.title,
      name: m.name,
      description: m.description,
      image: m.imageId ? image(m.imageId) : null,
      titleUr: m.titleUr,
      descriptionUr: m.descriptionUr,
    })),
    collaborators: collaborators.map((c) => ({
      name: c.name,
      description: c.description,
      ...(c.url ? { url: c.url } : {}),
      image: image(c.imageId),
    })),
    resources: resources.map((r) => ({ title: r.title, menuLabel: r.menuLabel, url: r.url, image: image(r.imageId) })),
    videoChannelUrl: details.videoChannelUrl,
    socialLinks: socialLinks.map(({ network, label, url }) => ({ network, label, url })),
    whatsapp: { contactUrl: details.whatsappContactUrl, communityUrl: details.whatsappCommunityUrl },
    localAddressLabel: details.localAddressLabel,
    galleries: galleries.map((g) => {
      const own = photos.filter((p) => p.galleryId === g.id);
      const cover = own.findIndex((p) => p.id === g.coverPhotoId);
      return {
        kind: g.kind,
        name: g.name,
        slug: g.slug,
        date: g.date,
        description: g.description,
        nameUr: g.nameUr,
        descriptionUr: g.descriptionUr,
        photos: own.map((p) => ({ image: image(p.imageId), alt: p.alt })),
        coverIndex: cover < 0 ? null : cover,
      };
    }),
    joinQuestions: textList(details.joinQuestions),
    documentaryVideo: details.documentaryVideo,
  };
}
