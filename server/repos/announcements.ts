import { type Kysely, sql } from "kysely";
import type { RegistrationQuestion } from "#core/schemas/registration.ts";
import type { Database } from "#server/db/schema.ts";
import { type StoredImage, toStoredImage } from "./images";

export interface Announcement {
  id: string;
  title: string | null;
  description: string;
  /** The title and description in Urdu, for the Urdu pages; null: none written. */
  titleUr: string | null;
  descriptionUr: string | null;
  linkUrl: string | null;
  linkLabel: string | null;
  /** Null: a draft. */
  publishAt: string | null;
  expiresAt: string | null;
  event: AnnouncedEvent | null;
  /** Null: the card links to `linkUrl` (if any) instead. */
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
export type AnnouncementValues = Omit<
  Announcement,
  "id" | "titleUr" | "descriptionUr" | "version" | "createdAt" | "updatedAt" | "image"
> & {
  /** In Urdu; null or left out: none written (the Urdu pages show the English text). */
  titleUr?: string | null;
  descriptionUr?: string | null;
  imageId: string | null;
};

/** What an update answers: stored, or refused because the stored one moved on (or is gone). */
export type AnnouncementUpdate = "saved" | "conflict" | "missing";

const toColumns = (values: AnnouncementValues) => ({
  title: values.title,
  description: values.description,
  titleUr: values.titleUr ?? null,
  descriptionUr: values.descriptionUr ?? null,
  imageId: values.imageId,
  linkUrl: values.linkUrl,
  linkLabel: values.linkLabel,
  publishAt: values.publishAt,
  expiresAt: values.expiresAt,
  eventStartsAt: values.event?.startsAt ?? null,
  eventEndsAt: values.event?.endsAt ?? null,
  eventLocation: values.event?.location ?? null,
  registrationsHere: values.registration ? 1 : 0,
  registrationCapacity: values.registration?.capacity ?? null,
  registrationClosesAt: values.registration?.closesAt ?? null,
  registrationQuestions: values.registration ? JSON.stringify(values.registration.questions) : null,
  pinned: values.pinned ? 1 : 0,
});

export function announcementsRepo(db: Kysely<Database>) {
  const withImage = () =>
    db
      .selectFrom("announcements")
      .leftJoin("images", "images.id", "announcements.imageId")
      .select([
        "announcements.id as id",
        "announcements.title as title",
        "announcements.description as description",
        "announcements.titleUr as titleUr",
        "announcements.descriptionUr as descriptionUr",
        "announcements.linkUrl as linkUrl",
        "announcements.linkLabel as linkLabel",
        "announcements.publishAt as publishAt",
        "announcements.expiresAt as expiresAt",
        "announcements.eventStartsAt as eventStartsAt",
        "announcements.eventEndsAt as eventEndsAt",
        "announcements.eventLocation as eventLocation",
        "announcements.registrationsHere as registrationsHere",
        "announcements.registrationCapacity as registrationCapacity",
        "announcements.registrationClosesAt as registrationClosesAt",
        "announcements.registrationQuestions as registrationQuestions",
        "announcements.pinned as pinned",
        "announcements.version as version",
        "announcements.createdAt as createdAt",
        "announcements.updatedAt as updatedAt",
        "images.id as imageId",
        "images.storageKey as storageKey",
        "images.width as width",
        "images.height as height",
        "images.variants as variants",
        "images.sourceHash as sourceHash",
        "images.createdAt as imageCreatedAt",
      ]);

  type Joined = Awaited<ReturnType<ReturnType<typeof withImage>["executeTakeFirstOrThrow"]>>;
  const toAnnouncement = (row: Joined): Announcement => ({
    id: row.id,
    title: row.title,
    description: row.description,
    titleUr: row.titleUr,
    descriptionUr: row.descriptionUr,
    linkUrl: row.linkUrl,
    linkLabel: row.linkLabel,
    publishAt: row.publishAt,
    expiresAt: row.expiresAt,
    event: row.eventStartsAt === null ? null : { startsAt: row.eventStartsAt, endsAt: row.eventEndsAt, location: row.eventLocation },
    registration:
      Number(row.registrationsHere) === 1
        ? {
            capacity: row.registrationCapacity === null ? null : Number(row.registrationCapacity),
            closesAt: row.registrationClosesAt,
            questions: JSON.parse(row.registrationQuestions ?? "[]") as RegistrationQuestion[],
          }
        : null,
    pinned: Number(row.pinned) === 1,
    version: Number(row.version),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    image:
      row.imageId === null
        ? null
        : toStoredImage({
            id: row.imageId,
            storageKey: row.storageKey!,
            width: row.width!,
            height: row.height!,
            variants: row.variants!,
            sourceHash: row.sourceHash,
            createdAt: row.imageCreatedAt!,
          }),
  });

  return {
    async create(id: string, values: AnnouncementValues, at: string): Promise<void> {
      await db
        .insertInto("announcements")
        .values({ id, ...toColumns(values), createdAt: at, updatedAt: at })
        .execute();
    },

    /** Stores `values` if the stored announcement is still at `version`; raises the version. */
    async update(id: string, version: number, values: AnnouncementValues, at: string): Promise<AnnouncementUpdate> {
      const result = await db
        .updateTable("announcements")
        .set((eb) => ({ ...toColumns(values), updatedAt: at, version: eb("version", "+", 1) }))
        .where("id", "=", id)
        .where("version", "=", version)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) return "saved";
      const exists = await db.selectFrom("announcements").select("id").where("id", "=", id).executeTakeFirst();
      return exists ? "conflict" : "missing";
    },

    /** Every announcement, drafts and all: the newest written first. UUIDv7 ids break ties in creation order. */
    async listAll(): Promise<Announcement[]> {
      const rows = await withImage().orderBy("announcements.createdAt", "desc").orderBy("announcements.id", "desc").execute();
      return rows.map(toAnnouncement);
    },

    /** Those live at `now` (published by then, not expired): pinned first, then the latest published. */
    async listLive(now: string): Promise<Announcement[]> {
      const rows = await withImage()
        .where("announcements.publishAt", "<=", now)
        .where((eb) => eb.or([eb("announcements.expiresAt", "is", null), eb("announcements.expiresAt", ">", now)]))
        .orderBy("announcements.pinned", "desc")
        .orderBy("announcements.publishAt", "desc")
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
          sql<string | null>`min(case when publish_at > ${now} then publish_at end)`.as("nextPublish"),
          sql<string | null>`min(case when expires_at > ${now} then expires_at end)`.as("nextExpiry"),
          sql<number | string | bigint>`coalesce(sum(case when registration_closes_at <= ${now} then 1 else 0 end), 0)`.as("closed"),
          sql<string | null>`min(case when registration_closes_at > ${now} then registration_closes_at end)`.as("nextClose"),
        ])
        .executeTakeFirstOrThrow();
      const upcoming = [row.nextPublish, row.nextExpiry, row.nextClose].filter((at): at is string => at !== null).sort();
      return {
        count: Number(row.count),
        newest: row.newest ?? null,
        passed: Number(row.published) + Number(row.expired) + Number(row.closed),
        next: upcoming[0] ?? null,
      };
    },
  };
}
