import type { Kysely, Selectable, Updateable } from "kysely";
import { type GalleryPhotoEntry, galleryPhotoEntry, type PhotoGroup, type SiteContent } from "#core/schemas/site-content.ts";
import { uniqueSlug } from "#server/content/slug.ts";
import { newId, nowIso } from "#server/db/ids.ts";
import type { Database, GalleryKind, SiteDetailsTable } from "#server/db/schema.ts";
import type { SaveOutcome } from "./content-lists";
import { type StoredImage, toStoredImage } from "./images";

const SITE_DETAILS_ID = "site";

/** The tables of the site's content, parents before the tables whose rows point at them. */
export const CONTENT_TABLES = [
  "siteDetails",
  "contentGoals",
  "teamMembers",
  "collaborators",
  "resources",
  "socialLinks",
  "galleries",
  "galleryPhotos",
] as const;

/** The site's content as stored: the shape of content/site.ts, with each photo an image row. */
export interface StoredSiteContent {
  name: string;
  shortName: string;
  tagline: string;
  heroText: string;
  logo: StoredImage;
  logoAlt: string;
  mission: string;
  goals: Array<{ title: string; description: string }>;
  president: { name: string; title: string; message: string; photo: StoredImage };
  team: Array<{ title: string; name: string; description: string | null; image: StoredImage | null }>;
  collaborators: Array<{ name: string; description: string; url?: string; image: StoredImage }>;
  resources: Array<{ title: string; menuLabel: string; url: string; image: StoredImage }>;
  videoChannelUrl: string;
  socialLinks: Array<{ network: "facebook" | "instagram"; label: string; url: string }>;
  whatsapp: { contactUrl: string; communityUrl: string };
  localAddressLabel: string | null;
  galleries: StoredGallery[];
  joinQuestions: string[];
  /** The stored video's key (server/services/video-store.ts), or null. */
  documentaryVideo: string | null;
}

export interface StoredGallery {
  kind: GalleryKind;
  name: string;
  slug: string;
  date: string | null;
  description: string | null;
  photos: Array<{ image: StoredImage; alt: string | null }>;
  /** Which of `photos` the admin chose as its cover; null: none chosen (the first stands for it). */
  coverIndex: number | null;
}

const textList = (json: string): string[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.map(String) : [];
};

/** The content tables, read and written whole. Each write raises `settings.contentVersion` (the page cache's cue). */
export function siteContentRepo(db: Kysely<Database>) {
  return {
    async version(): Promise<number> {
      const row = await db.selectFrom("settings").select("contentVersion").executeTakeFirst();
      return row?.contentVersion ?? 0;
    },

    async hasContent(): Promise<boolean> {
      return (await db.selectFrom("siteDetails").select("id").executeTakeFirst()) !== undefined;
    },

    /** The whole content, or undefined before the first import. */
    async read(): Promise<StoredSiteContent | undefined> {
      const details = await db.selectFrom("siteDetails").selectAll().where("id", "=", SITE_DETAILS_ID).executeTakeFirst();
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
      return {
        name: details.name,
        shortName: details.shortName,
        tagline: details.tagline,
        heroText: details.heroText,
        logo: image(details.logoImageId),
        logoAlt: details.logoAlt,
        mission: details.mission,
        goals: goals.map(({ title, description }) => ({ title, description })),
        president: {
          name: details.presidentName,
          title: details.presidentTitle,
          message: details.presidentMessage,
          photo: image(details.presidentImageId),
        },
        team: team.map((m) => ({ title: m.title, name: m.name, description: m.description, image: m.imageId ? image(m.imageId) : null })),
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
            photos: own.map((p) => ({ image: image(p.imageId), alt: p.alt })),
            coverIndex: cover < 0 ? null : cover,
          };
        }),
        joinQuestions: textList(details.joinQuestions),
        documentaryVideo: details.documentaryVideo,
      };
    },

    /**
     * Replaces the whole content with `site`, whose photos `imageIdOf` names as stored images and whose video is stored
     * under `videoKey`. Run it in a transaction: the tables are emptied and filled again.
     */
    async replace(site: SiteContent, imageIdOf: (photo: string) => string, videoKey: string | null): Promise<void> {
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
          mission: site.mission,
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
        positioned(site.goals).map(({ id, position, item }) => ({ id, position, ...item })),
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
      await this.raiseVersion();
    },

    /** Every write to the content calls this in its transaction: the public pages see the change at the next request. */
    /**
     * Takes the settings row's write lock for the rest of the transaction without changing it: a second writer that
     * does the same waits until this transaction ends, then reads what it wrote (PostgreSQL and SQLite alike).
     */
    async lockForWriting(): Promise<void> {
      await db
        .updateTable("settings")
        .set((eb) => ({ contentVersion: eb.ref("contentVersion") }))
        .execute();
    },

    async raiseVersion(): Promise<void> {
      await db
        .updateTable("settings")
        .set((eb) => ({ contentVersion: eb("contentVersion", "+", 1) }))
        .execute();
    },

    /** The single row of names, texts and links, as the admin edits it. */
    async details(): Promise<Selectable<SiteDetailsTable> | undefined> {
      return db.selectFrom("siteDetails").selectAll().where("id", "=", SITE_DETAILS_ID).executeTakeFirst();
    },

    /** Saves the details if they are still at `version` (raising it). */
    async updateDetails(version: number, values: Updateable<Omit<SiteDetailsTable, "id" | "version">>): Promise<SaveOutcome> {
      const result = await db
        .updateTable("siteDetails")
        .set((eb) => ({ ...values, version: eb("version", "+", 1), updatedAt: nowIso() }))
        .where("id", "=", SITE_DETAILS_ID)
        .where("version", "=", version)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) return "saved";
      return (await this.details()) ? "conflict" : "missing";
    },
  };
}
