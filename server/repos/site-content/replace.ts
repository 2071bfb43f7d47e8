import type { AppScreenshotFormFactor } from "#core/app-screenshots.ts";
import { type GalleryPhotoEntry, galleryPhotoEntry, type PhotoGroup, type SiteContent } from "#core/schemas/site-content.ts";
import { uniqueSlug } from "#server/content/slug.ts";
import { newId, nowIso } from "#server/db/ids.ts";
import type { GalleryKind } from "#server/db/schema.ts";
import type { Db } from "#server/repos/db.ts";
import { SITE_DETAILS_ID } from "./details";
import { CONTENT_TABLES } from "./stored-content";
import { raiseContentVersion } from "./version";

/**
 * Replaces the whole content with `site`, whose photos `imageIdOf` names as stored images, whose video is stored
 * under `videoKey` and whose screenshots for the install dialog are the images `screenshotIds` names (stored apart
 * from the photos: a screenshot is encoded as one). Run it in a transaction: the tables are emptied and filled again.
 */
export async function replaceContent(
  db: Db,
  site: SiteContent,
  imageIdOf: (photo: string) => string,
  videoKey: string | null,
  screenshotIds: Partial<Record<AppScreenshotFormFactor, string>> = {},
) {
  const screenshot = (formFactor: AppScreenshotFormFactor) => {
    const imageId = screenshotIds[formFactor];
    return imageId ? { imageId, label: site.appScreenshots?.[formFactor]?.label ?? null } : { imageId: null, label: null };
  };
  const [narrow, wide] = [screenshot("narrow"), screenshot("wide")];
  for (const table of [...CONTENT_TABLES].reverse()) await db.deleteFrom(table).execute();
  await db
    .insertInto("siteDetails")
    .values({
      id: SITE_DETAILS_ID,
      name: site.name,
      shortName: site.shortName,
      tagline: site.tagline,
      heroText: site.heroText,
      logoImageId: imageIdOf(site.logo),
      logoAlt: site.logoAlt,
      narrowScreenshotImageId: narrow.imageId,
      narrowScreenshotLabel: narrow.label,
      wideScreenshotImageId: wide.imageId,
      wideScreenshotLabel: wide.label,
      mission: site.mission,
      taglineUr: site.taglineUr || null,
      heroTextUr: site.heroTextUr || null,
      missionUr: site.missionUr || null,
      presidentName: site.president.name,
      presidentTitle: site.president.title,
      presidentMessage: site.president.message,
      presidentImageId: imageIdOf(site.president.photo),
      videoChannelUrl: site.videoChannelUrl,
      whatsappContactUrl: site.whatsapp.contactUrl,
      whatsappCommunityUrl: site.whatsapp.communityUrl,
      documentaryVideo: videoKey,
      localAddressLabel: site.localAddressLabel ?? null,
      joinQuestions: JSON.stringify(site.joinQuestions),
      updatedAt: nowIso(),
    })
    .execute();
  const positioned = <T>(items: readonly T[]) => items.map((item, position) => ({ id: newId(), position, item }));
  const insert = async <Row>(table: "contentGoals" | "teamMembers" | "collaborators" | "resources" | "socialLinks", rows: Row[]) => {
    // One statement per row keeps far under SQLite's and PostgreSQL's bound-parameter limits whatever the list's length.
    for (const row of rows)
      await db
        .insertInto(table)
        .values(row as never)
        .execute();
  };
  await insert(
    "contentGoals",
    positioned(site.goals).map(({ id, position, item }) => ({
      id,
      position,
      title: item.title,
      description: item.description,
      titleUr: item.titleUr || null,
      descriptionUr: item.descriptionUr || null,
    })),
  );
  await insert(
    "teamMembers",
    positioned(site.team).map(({ id, position, item }) => ({
      id,
      position,
      title: item.title,
      name: item.name,
      description: item.description ?? null,
      imageId: item.img ? imageIdOf(item.img) : null,
      titleUr: item.titleUr || null,
      descriptionUr: item.descriptionUr || null,
    })),
  );
  await insert(
    "collaborators",
    positioned(site.collaborators).map(({ id, position, item }) => ({
      id,
      position,
      name: item.name,
      description: item.description,
      url: item.url ?? null,
      imageId: imageIdOf(item.img),
    })),
  );
  await insert(
    "resources",
    positioned(site.resources).map(({ id, position, item }) => ({
      id,
      position,
      title: item.title,
      menuLabel: item.menuLabel,
      url: item.url,
      imageId: imageIdOf(item.img),
    })),
  );
  await insert(
    "socialLinks",
    positioned(site.socialLinks).map(({ id, position, item }) => ({ id, position, ...item })),
  );

  const slugs = new Set<string>();
  const galleries: Array<{ kind: GalleryKind } & Omit<PhotoGroup, "photos"> & { photos: readonly GalleryPhotoEntry[] }> = [
    ...site.eventGroups.map((g) => ({ kind: "event" as const, ...g })),
    ...site.activityGroups.map((g) => ({ kind: "activity" as const, ...g })),
    { kind: "explore", name: "Explore SMC", photos: site.explorePhotos },
  ];
  for (const [position, gallery] of galleries.entries()) {
    const slug = uniqueSlug(gallery.name, slugs);
    slugs.add(slug);
    const id = newId();
    const photos = gallery.photos.map((photo, photoPosition) => ({
      id: newId(),
      position: photoPosition,
      ...galleryPhotoEntry(photo),
    }));
    await db
      .insertInto("galleries")
      .values({
        id,
        position,
        kind: gallery.kind,
        name: gallery.name,
        slug,
        date: gallery.date ?? null,
        description: gallery.description ?? null,
        nameUr: gallery.nameUr || null,
        descriptionUr: gallery.descriptionUr || null,
        coverPhotoId: photos.find((photo) => photo.img === gallery.cover)?.id ?? null,
      })
      .execute();
    for (const photo of photos) {
      await db
        .insertInto("galleryPhotos")
        .values({ id: photo.id, galleryId: id, position: photo.position, imageId: imageIdOf(photo.img), alt: photo.alt ?? null })
        .execute();
    }
  }
  await raiseContentVersion(db);
}
