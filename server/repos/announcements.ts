import { type Kysely, sql } from "kysely";
import type { RegistrationQuestion } from "#core/schemas/registration.ts";
import type { Database } from "#server/db/schema.ts";
import { type StoredImage, toStoredImage } from "./images";

export interface Announcement {
  id: string;
  title: string | null;
  description: string;
  linkUrl: string | null;
  linkLabel: string | null;
  /** Null: a draft. */
  publishAt: string | null;
  expiresAt: string | null;
  event: AnnouncedEvent | null;
  registration: RegistrationSettings | null;
  pinned: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
  image: StoredImage | null;
}

/** The event an announcement is about: its start, its end (none: an hour after the start) and its place. */
export interface AnnouncedEvent {
  startsAt: string;
  endsAt: string | null;
  location: string | null;
}

/** How an announcement that collects registrations on the site takes them. */
export interface RegistrationSettings {
  /** Null: no limit. */
  capacity: number | null;
  /** Null: while the announcement is live. */
  closesAt: string | null;
  questions: RegistrationQuestion[];
}

/** What an admin writes of an announcement (the rest is kept by the repository). */
export interface AnnouncementValues {
  title: string | null;
  description: string;
  imageId: string | null;
  linkUrl: string | null;
  linkLabel: string | null;
  publishAt: string | null;
  expiresAt: string | null;
  event: AnnouncedEvent | null;
  /** Null: the card links to `linkUrl` (if any) instead. */
  registration: RegistrationSettings | null;
  pinned: boolean;
}

/** What an update answers: stored, or refused because the stored one moved on (or is gone). */
export type AnnouncementUpdate = "saved" | "conflict" | "missing";

const toColumns = (values: AnnouncementValues) => ({
  title: values.title,
  description: values.description,
  image_id: values.imageId,
  link_url: values.linkUrl,
  link_label: values.linkLabel,
  publish_at: values.publishAt,
  expires_at: values.expiresAt,
  event_starts_at: values.event?.startsAt ?? null,
  event_ends_at: values.event?.endsAt ?? null,
  event_location: values.event?.location ?? null,
  registrations_here: values.registration ? 1 : 0,
  registration_capacity: values.registration?.capacity ?? null,
  registration_closes_at: values.registration?.closesAt ?? null,
  registration_questions: values.registration ? JSON.stringify(values.registration.questions) : null,
  pinned: values.pinned ? 1 : 0,
});

export function announcementsRepo(db: Kysely<Database>) {
  const withImage = () =>
    db
      .selectFrom("announcements")
      .leftJoin("images", "images.id", "announcements.image_id")
      .select([
        "announcements.id as id",
        "announcements.title as title",
        "announcements.description as description",
        "announcements.link_url as link_url",
        "announcements.link_label as link_label",
        "announcements.publish_at as publish_at",
        "announcements.expires_at as expires_at",
        "announcements.event_starts_at as event_starts_at",
        "announcements.event_ends_at as event_ends_at",
        "announcements.event_location as event_location",
        "announcements.registrations_here as registrations_here",
        "announcements.registration_capacity as registration_capacity",
        "announcements.registration_closes_at as registration_closes_at",
        "announcements.registration_questions as registration_questions",
        "announcements.pinned as pinned",
        "announcements.version as version",
        "announcements.created_at as created_at",
        "announcements.updated_at as updated_at",
        "images.id as image_id",
        "images.storage_key as storage_key",
        "images.width as width",
        "images.height as height",
        "images.variants as variants",
        "images.source_hash as source_hash",
        "images.created_at as image_created_at",
      ]);

  type Joined = Awaited<ReturnType<ReturnType<typeof withImage>["executeTakeFirstOrThrow"]>>;
  const toAnnouncement = (row: Joined): Announcement => ({
    id: row.id,
    title: row.title,
    description: row.description,
    linkUrl: row.link_url,
    linkLabel: row.link_label,
    publishAt: row.publish_at,
    expiresAt: row.expires_at,
    event: row.event_starts_at === null ? null : { startsAt: row.event_starts_at, endsAt: row.event_ends_at, location: row.event_location },
    registration:
      Number(row.registrations_here) === 1
        ? {
            capacity: row.registration_capacity === null ? null : Number(row.registration_capacity),
            closesAt: row.registration_closes_at,
            questions: JSON.parse(row.registration_questions ?? "[]") as RegistrationQuestion[],
          }
        : null,
    pinned: Number(row.pinned) === 1,
    version: Number(row.version),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    image:
      row.image_id === null
        ? null
        : toStoredImage({
            id: row.image_id,
            storage_key: row.storage_key!,
            width: row.width!,
            height: row.height!,
            variants: row.variants!,
            source_hash: row.source_hash,
            created_at: row.image_created_at!,
          }),
  });

  return {
    async create(id: string, values: AnnouncementValues, at: string): Promise<void> {
      await db
        .insertInto("announcements")
        .values({ id, ...toColumns(values), created_at: at, updated_at: at })
        .execute();
    },

    /** Stores `values` if the stored announcement is still at `version`; raises the version. */
    async update(id: string, version: number, values: AnnouncementValues, at: string): Promise<AnnouncementUpdate> {
      const result = await db
        .updateTable("announcements")
        .set((eb) => ({ ...toColumns(values), updated_at: at, version: eb("version", "+", 1) }))
        .where("id", "=", id)
        .where("version", "=", version)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) return "saved";
      const exists = await db.selectFrom("announcements").select("id").where("id", "=", id).executeTakeFirst();
      return exists ? "conflict" : "missing";
    },

    /** Every announcement, drafts and all: the newest written first. UUIDv7 ids break ties in creation order. */
    async listAll(): Promise<Announcement[]> {
      const rows = await withImage().orderBy("announcements.created_at", "desc").orderBy("announcements.id", "desc").execute();
      return rows.map(toAnnouncement);
    },

    /** Those live at `now` (published by then, not expired): pinned first, then the latest published. */
    async listLive(now: string): Promise<Announcement[]> {
      const rows = await withImage()
        .where("announcements.publish_at", "<=", now)
        .where((eb) => eb.or([eb("announcements.expires_at", "is", null), eb("announcements.expires_at", ">", now)]))
        .orderBy("announcements.pinned", "desc")
        .orderBy("announcements.publish_at", "desc")
        .orderBy("announcements.id", "desc")
        .execute();
      return rows.map(toAnnouncement);
    },

    async findById(id: string): Promise<Announcement | undefined> {
      const row = await withImage().where("announcements.id", "=", id).executeTakeFirst();
      return row && toAnnouncement(row);
    },

    /** Deletes the row; returns whether one was there. */
    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom("announcements").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * How the live set stands at `now`: how many announcements there are and the newest id (UUIDv7: an insert raises
     * it, a delete lowers the count), how many publish, expiry and registration closing times have passed (a number that grows each time
     * one passes), and the next such time still to come (null: none).
     */
    async timeline(now: string): Promise<{ count: number; newest: string | null; passed: number; next: string | null }> {
      const row = await db
        .selectFrom("announcements")
        .select((eb) => [
          eb.fn.countAll<number | string | bigint>().as("count"),
          eb.fn.max("id").as("newest"),
          sql<number | string | bigint>`coalesce(sum(case when publish_at <= ${now} then 1 else 0 end), 0)`.as("published"),
          sql<number | string | bigint>`coalesce(sum(case when expires_at <= ${now} then 1 else 0 end), 0)`.as("expired"),
          sql<string | null>`min(case when publish_at > ${now} then publish_at end)`.as("next_publish"),
          sql<string | null>`min(case when expires_at > ${now} then expires_at end)`.as("next_expiry"),
          sql<number | string | bigint>`coalesce(sum(case when registration_closes_at <= ${now} then 1 else 0 end), 0)`.as("closed"),
          sql<string | null>`min(case when registration_closes_at > ${now} then registration_closes_at end)`.as("next_close"),
        ])
        .executeTakeFirstOrThrow();
      const upcoming = [row.next_publish, row.next_expiry, row.next_close].filter((at): at is string => at !== null).sort();
      return {
        count: Number(row.count),
        newest: row.newest ?? null,
        passed: Number(row.published) + Number(row.expired) + Number(row.closed),
        next: upcoming[0] ?? null,
      };
    },
  };
}
