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
  "site_details",
  "content_goals",
  "team_members",
  "collaborators",
  "resources",
  "social_links",
  "galleries",
  "gallery_photos",
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

/** The content tables, read and written whole. Each write raises `settings.content_version` (the page cache's cue). */
export function siteContentRepo(db: Kysely<Database>) {
  return {
    async version(): Promise<number> {
      const row = await db.selectFrom("settings").select("content_version").executeTakeFirst();
      return row?.content_version ?? 0;
    },

    async hasContent(): Promise<boolean> {
      return (await db.selectFrom("site_details").select("id").executeTakeFirst()) !== undefined;
    },

    /** The whole content, or undefined before the first import. */
    async read(): Promise<StoredSiteContent | undefined> {
      const details = await db.selectFrom("site_details").selectAll().where("id", "=", SITE_DETAILS_ID).executeTakeFirst();
      if (!details) return undefined;
      const [goals, team, collaborators, resources, socialLinks, galleries, photos] = await Promise.all([
        db.selectFrom("content_goals").selectAll().orderBy("position").execute(),
        db.selectFrom("team_members").selectAll().orderBy("position").execute(),
        db.selectFrom("collaborators").selectAll().orderBy("position").execute(),
        db.selectFrom("resources").selectAll().orderBy("position").execute(),
        db.selectFrom("social_links").selectAll().orderBy("position").execute(),
        db.selectFrom("galleries").selectAll().orderBy("position").execute(),
        db.selectFrom("gallery_photos").selectAll().orderBy("gallery_id").orderBy("position").orderBy("id").execute(),
      ]);
      const imageIds = [
        details.logo_image_id,
        details.president_image_id,
        ...team.flatMap((m) => (m.image_id ? [m.image_id] : [])),
        ...collaborators.map((c) => c.image_id),
        ...resources.map((r) => r.image_id),
        ...photos.map((p) => p.image_id),
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
        shortName: details.short_name,
        tagline: details.tagline,
        heroText: details.hero_text,
        logo: image(details.logo_image_id),
        logoAlt: details.logo_alt,
        mission: details.mission,
        goals: goals.map(({ title, description }) => ({ title, description })),
        president: {
          name: details.president_name,
          title: details.president_title,
          message: details.president_message,
          photo: image(details.president_image_id),
        },
        team: team.map((m) => ({ title: m.title, name: m.name, description: m.description, image: m.image_id ? image(m.image_id) : null })),
        collaborators: collaborators.map((c) => ({
          name: c.name,
          description: c.description,
          ...(c.url ? { url: c.url } : {}),
          image: image(c.image_id),
        })),
        resources: resources.map((r) => ({ title: r.title, menuLabel: r.menu_label, url: r.url, image: image(r.image_id) })),
        videoChannelUrl: details.video_channel_url,
        socialLinks: socialLinks.map(({ network, label, url }) => ({ network, label, url })),
        whatsapp: { contactUrl: details.whatsapp_contact_url, communityUrl: details.whatsapp_community_url },
        localAddressLabel: details.local_address_label,
        galleries: galleries.map((g) => {
          const own = photos.filter((p) => p.gallery_id === g.id);
          const cover = own.findIndex((p) => p.id === g.cover_photo_id);
          return {
            kind: g.kind,
            name: g.name,
            slug: g.slug,
            date: g.date,
            description: g.description,
            photos: own.map((p) => ({ image: image(p.image_id), alt: p.alt })),
            coverIndex: cover < 0 ? null : cover,
          };
        }),
        joinQuestions: textList(details.join_questions),
        documentaryVideo: details.documentary_video,
      };
    },

    /**
     * Replaces the whole content with `site`, whose photos `imageIdOf` names as stored images and whose video is stored
     * under `videoKey`. Run it in a transaction: the tables are emptied and filled again.
     */
    async replace(site: SiteContent, imageIdOf: (photo: string) => string, videoKey: string | null): Promise<void> {
      for (const table of [...CONTENT_TABLES].reverse()) await db.deleteFrom(table).execute();
      await db
        .insertInto("site_details")
        .values({
          id: SITE_DETAILS_ID,
          name: site.name,
          short_name: site.shortName,
          tagline: site.tagline,
          hero_text: site.heroText,
          logo_image_id: imageIdOf(site.logo),
          logo_alt: site.logoAlt,
          mission: site.mission,
          president_name: site.president.name,
          president_title: site.president.title,
          president_message: site.president.message,
          president_image_id: imageIdOf(site.president.photo),
          video_channel_url: site.videoChannelUrl,
          whatsapp_contact_url: site.whatsapp.contactUrl,
          whatsapp_community_url: site.whatsapp.communityUrl,
          documentary_video: videoKey,
          local_address_label: site.localAddressLabel ?? null,
          join_questions: JSON.stringify(site.joinQuestions),
          updated_at: nowIso(),
        })
        .execute();
      const positioned = <T>(items: readonly T[]) => items.map((item, position) => ({ id: newId(), position, item }));
      const insert = async <Row>(table: "content_goals" | "team_members" | "collaborators" | "resources" | "social_links", rows: Row[]) => {
        // One statement per row keeps far under SQLite's and PostgreSQL's bound-parameter limits whatever the list's length.
        for (const row of rows)
          await db
            .insertInto(table)
            .values(row as never)
            .execute();
      };
      await insert(
        "content_goals",
        positioned(site.goals).map(({ id, position, item }) => ({ id, position, ...item })),
      );
      await insert(
        "team_members",
        positioned(site.team).map(({ id, position, item }) => ({
          id,
          position,
          title: item.title,
          name: item.name,
          description: item.description ?? null,
          image_id: item.img ? imageIdOf(item.img) : null,
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
          image_id: imageIdOf(item.img),
        })),
      );
      await insert(
        "resources",
        positioned(site.resources).map(({ id, position, item }) => ({
          id,
          position,
          title: item.title,
          menu_label: item.menuLabel,
          url: item.url,
          image_id: imageIdOf(item.img),
        })),
      );
      await insert(
        "social_links",
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
            cover_photo_id: photos.find((photo) => photo.img === gallery.cover)?.id ?? null,
          })
          .execute();
        for (const photo of photos) {
          await db
            .insertInto("gallery_photos")
            .values({ id: photo.id, gallery_id: id, position: photo.position, image_id: imageIdOf(photo.img), alt: photo.alt ?? null })
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
        .set((eb) => ({ content_version: eb.ref("content_version") }))
        .execute();
    },

    async raiseVersion(): Promise<void> {
      await db
        .updateTable("settings")
        .set((eb) => ({ content_version: eb("content_version", "+", 1) }))
        .execute();
    },

    /** The single row of names, texts and links, as the admin edits it. */
    async details(): Promise<Selectable<SiteDetailsTable> | undefined> {
      return db.selectFrom("site_details").selectAll().where("id", "=", SITE_DETAILS_ID).executeTakeFirst();
    },

    /** Saves the details if they are still at `version` (raising it). */
    async updateDetails(version: number, values: Updateable<Omit<SiteDetailsTable, "id" | "version">>): Promise<SaveOutcome> {
      const result = await db
        .updateTable("site_details")
        .set((eb) => ({ ...values, version: eb("version", "+", 1), updated_at: nowIso() }))
        .where("id", "=", SITE_DETAILS_ID)
        .where("version", "=", version)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) return "saved";
      return (await this.details()) ? "conflict" : "missing";
    },
  };
}
