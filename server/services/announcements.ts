import type { Kysely } from "kysely";
import {
  type AnnouncementInput,
  type AnnouncementState,
  ANNOUNCEMENT_MESSAGES,
  DEFAULT_ANNOUNCEMENT_TITLE,
  DEFAULT_LINK_LABEL,
  DEFAULT_REGISTER_LABEL,
  isShowableLink,
  type PublishChoice,
  type RegistrationChoice,
} from "#core/schemas/announcement.ts";
import { errorMessage } from "#core/errors.ts";
import { announcementRegisterPath } from "#core/public-pages.ts";
import type { RegistrationQuestion } from "#core/schemas/registration.ts";
import { REGISTRATION_LIMITS } from "#core/schemas/registration-messages.ts";
import { isRecordId, newId } from "#server/db/ids.ts";
import type { Database } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import { createRepos, inTransaction, type Repos } from "#server/repos/index.ts";
import type { AnnouncedEvent, Announcement, AnnouncementValues } from "#server/repos/announcements.ts";
import type { StoredImage } from "#server/repos/images.ts";
import { formatSiteTime, toWallTime, wallTimeToInstant } from "#server/site-time.ts";
import { type FileStorage, StorageError } from "#server/storage/storage.ts";
import { UnsupportedImageError } from "#server/images/encode-image.ts";
import type { RecordEraser } from "./personal-data";
import { announcementFeed, type FeedEntry, type FeedSite } from "./announcement-feed";
import { deleteImageFiles, removeImageIfUnused, storedFileUrl, storeImage, storedImageToResponsive } from "./image-store";
import { storedImagePreview } from "./link-previews";
import { eventCalendar } from "./event-calendar";
import { linkedText } from "./linked-text";

export const ANNOUNCEMENT_IMAGE_FOLDER = "announcements";
/**
 * An image row that no announcement points at is an orphan once it is this old. Younger ones may belong to
 * a save in progress (the image is stored before the announcement row that shows it).
 */
export const ORPHAN_IMAGE_GRACE_MS = 10 * 60 * 1000;

/**
 * What the admin is told when the image cannot be stored (the reason, naming the bucket, goes to the log): in the
 * spec's words for a new announcement, and the edit form's own for an edit.
 */
export const STORAGE_UNAVAILABLE_MESSAGE = "Failed to create announcement: the image store cannot be reached. Try again in a few minutes.";
export const EDIT_STORAGE_UNAVAILABLE_MESSAGE =
  "Failed to save announcement: the image store cannot be reached. Try again in a few minutes.";

export type SaveAnnouncementResult =
  | { ok: true; id: string }
  | { ok: false; reason: "conflict" | "missing" }
  | { ok: false; reason: "image"; message: string }
  | { ok: false; reason: "expiresAt"; message: string }
  | { ok: false; reason: "storage-unavailable"; message: string };

/** What the form says of an announcement, but its image (whose bytes come apart). */
export type AnnouncementFields = Omit<AnnouncementInput, "image">;

interface Deps {
  db: Kysely<Database>;
  storage: FileStorage;
  logger: Logger;
  /** Deletes an announcement's registrations with every copy of their data, with the announcement. */
  erase: RecordEraser;
  /** The zone the admin's dates and times are written and read in (SITE_TIMEZONE). */
  siteTimeZone: string;
}

/** Whether registering for an announcement that collects registrations has closed at `now` (an ISO time). */
export const registrationClosed = (announcement: Pick<Announcement, "registration">, now: string): boolean =>
  announcement.registration?.closesAt != null && announcement.registration.closesAt <= now;

/** The edit form's five question slots: the stored questions, then empty ones. */
function questionSlots(questions: readonly RegistrationQuestion[]) {
  return Array.from({ length: REGISTRATION_LIMITS.questions }, (_, index) => {
    const question = questions[index];
    return {
      label: question?.label ?? "",
      kind: question?.kind ?? "short",
      choices: question?.choices.join("\n") ?? "",
      required: question?.required ?? false,
    };
  });
}

/** Where an announcement stands at `now` (an ISO time). */
export function announcementState(announcement: Pick<Announcement, "publishAt" | "expiresAt">, now: string): AnnouncementState {
  if (announcement.publishAt === null) return "draft";
  if (announcement.publishAt > now) return "scheduled";
  if (announcement.expiresAt !== null && announcement.expiresAt <= now) return "expired";
  return "live";
}

/**
 * The admin's announcement rules. A save stores a new image first (re-encoded, never as sent), then writes the row in
 * one transaction with its audit entry and the content version's raise; the image it replaced goes once the row no
 * longer shows it. A delete takes the row first, then its files; a file that cannot be removed is logged and left to
 * `sweepOrphanImages`, so nothing ever points at a missing file.
 */
export function announcementService(deps: Deps) {
  const { db, storage, logger, siteTimeZone, erase } = deps;
  const repos = createRepos(db);

  const siteTime = (at: string | null) => (at === null ? null : formatSiteTime(new Date(at), siteTimeZone));
  const wallTime = (at: string | null) => (at === null ? "" : toWallTime(new Date(at), siteTimeZone));
  /** An event's times as one line: the end's day is left out when it is the start's. */
  const eventTimes = (event: AnnouncedEvent) => {
    const start = formatSiteTime(new Date(event.startsAt), siteTimeZone);
    if (event.endsAt === null) return start;
    const end = formatSiteTime(new Date(event.endsAt), siteTimeZone);
    const [startDay] = start.split(" at ");
    const [endDay, endTime] = end.split(" at ");
    return `${start} to ${endDay === startDay ? endTime : end}`;
  };

  /**
   * The card's button: the site's registration form while it takes registrations (none once closed), else the link.
   */
  const buttonOf = (announcement: Announcement, now: string) => {
    if (announcement.registration) {
      return registrationClosed(announcement, now)
        ? null
        : { url: announcementRegisterPath(announcement.id), label: announcement.linkLabel ?? DEFAULT_REGISTER_LABEL, external: false };
    }
    return isShowableLink(announcement.linkUrl)
      ? { url: announcement.linkUrl, label: announcement.linkLabel ?? DEFAULT_LINK_LABEL, external: true }
      : null;
  };

  /** The card as the public page draws it at `now` (an ISO time). */
  const toCard = (announcement: Announcement, now: string) => {
    const heading = announcement.title ?? DEFAULT_ANNOUNCEMENT_TITLE;
    return {
      id: announcement.id,
      heading,
      description: linkedText(announcement.description),
      link: buttonOf(announcement, now),
      /** It collected registrations on the site, and registering has closed. */
      registrationClosed: announcement.registration !== null && registrationClosed(announcement, now),
      image: announcement.image && storedImageToResponsive(announcement.image, `Image for ${heading}`),
      /** What a shared link to it shows (its page's og:image, the feed's enclosure). */
      preview: announcement.image && storedImagePreview(announcement.image, `Image for ${heading}`),
      pinned: announcement.pinned,
      publishedAt: announcement.publishAt,
      /** When it went live, as the society reads it ("1 December 2026 at 18:30"). */
      publishedText: siteTime(announcement.publishAt),
      event: announcement.event && {
        startsAt: announcement.event.startsAt,
        /** "1 December 2026 at 18:00 to 20:00", in the society's time zone. */
        when: eventTimes(announcement.event),
        location: announcement.event.location,
      },
    };
  };
  /** The form's publish choice for a stored announcement. */
  const publishChoice = (state: AnnouncementState): PublishChoice =>
    state === "draft" ? "draft" : state === "scheduled" ? "scheduled" : "now";

  /** What the stored row becomes, but its image: a publish choice of "now" keeps the time of one already live. */
  function valuesFrom(input: AnnouncementFields, existing: Announcement | undefined, now: string): Omit<AnnouncementValues, "imageId"> {
    const publishAt =
      input.publish === "draft"
        ? null
        : input.publish === "scheduled"
          ? wallTimeToInstant(input.publishAt!, siteTimeZone).toISOString()
          : existing?.publishAt && existing.publishAt <= now
            ? existing.publishAt
            : now;
    return {
      title: input.title || null,
      description: input.description,
      linkUrl: input.url ?? null,
      linkLabel: (input.url || input.registration === "here") && input.linkLabel ? input.linkLabel : null,
      publishAt,
      expiresAt: input.expiresAt ? wallTimeToInstant(input.expiresAt, siteTimeZone).toISOString() : null,
      event: input.eventStartsAt
        ? {
            startsAt: wallTimeToInstant(input.eventStartsAt, siteTimeZone).toISOString(),
            endsAt: input.eventEndsAt ? wallTimeToInstant(input.eventEndsAt, siteTimeZone).toISOString() : null,
            location: input.eventLocation || null,
          }
        : null,
      registration:
        input.registration === "here"
          ? {
              capacity: input.capacity ?? null,
              closesAt: input.registrationClosesAt ? wallTimeToInstant(input.registrationClosesAt, siteTimeZone).toISOString() : null,
              questions: input.questions,
            }
          : null,
      pinned: input.pinned,
    };
  }

  async function storeUpload(bytes: Buffer, editing: boolean): Promise<StoredImage | SaveAnnouncementResult> {
    try {
      return await storeImage({ db, storage }, bytes, ANNOUNCEMENT_IMAGE_FOLDER);
    } catch (error) {
      if (error instanceof UnsupportedImageError) return { ok: false, reason: "image", message: error.message };
      if (error instanceof StorageError) {
        logger.error({ err: error.message }, "image could not be stored; announcement not saved");
        const message = editing ? EDIT_STORAGE_UNAVAILABLE_MESSAGE : STORAGE_UNAVAILABLE_MESSAGE;
        return { ok: false, reason: "storage-unavailable", message };
      }
      throw error;
    }
  }

  const images = { db, storage, logger };

  /**
   * The announcement, if it is live at `now` (a draft, a scheduled or an expired one is not there for visitors); read
   * through `from` when it must join a transaction.
   */
  async function liveById(id: string, now: string, from: Pick<Repos, "announcements"> = repos): Promise<Announcement | undefined> {
    if (!isRecordId(id)) return undefined;
    const announcement = await from.announcements.findById(id);
    return announcement && announcementState(announcement, now) === "live" ? announcement : undefined;
  }

  async function removeOrphan(image: StoredImage): Promise<boolean> {
    const removed = await deleteImageFiles(storage, image, logger);
    if (removed) await repos.images.delete(image.id);
    return removed;
  }

  return {
    /** Those live at `now`, ready to draw: pinned first, then the latest published. */
    async listLive(now: Date = new Date()) {
      const at = now.toISOString();
      return (await repos.announcements.listLive(at)).map((announcement) => toCard(announcement, at));
    },

    /**
     * The live announcements as an RSS feed, each with its image as a file a reader can fetch: its JPEG link preview,
     * or its largest WebP while it has none.
     */
    async feed(site: FeedSite, now: Date = new Date()): Promise<string> {
      const at = now.toISOString();
      const live = await repos.announcements.listLive(at);
      const entries: FeedEntry[] = await Promise.all(
        live.map(async (announcement) => {
          const variants = announcement.image?.variants ?? [];
          const file = variants.find((v) => v.preview) ?? variants.filter((v) => v.format === "webp").sort((a, b) => b.width - a.width)[0];
          const length = file && (file.bytes ?? (await storage.stat(file.key).catch(() => undefined))?.size);
          const enclosure = file && length !== undefined ? { path: storedFileUrl(file.key), type: `image/${file.format}`, length } : null;
          return { announcement: toCard(announcement, at), enclosure };
        }),
      );
      return announcementFeed(site, entries);
    },

    /** The "Add to calendar" file of a live announcement's event (none when it is not live or announces no event). */
    async calendarFile(id: string, site: { siteName: string; publicUrl: string }, now: Date = new Date()): Promise<string | undefined> {
      const announcement = await liveById(id, now.toISOString());
      if (!announcement?.event) return undefined;
      return eventCalendar(toCard(announcement, now.toISOString()), announcement.event, site);
    },

    /** One announcement, if it is live at `now` (a draft, a scheduled or an expired one is not there for visitors). */
    async findLive(id: string, now: Date = new Date()) {
      const announcement = await liveById(id, now.toISOString());
      return announcement && toCard(announcement, now.toISOString());
    },

    /**
     * A live announcement that collects registrations on the site: its card, how it takes them, whether registering
     * has closed, and its event's calendar file (null: no event), made only when a mail asks for it. Undefined for any
     * other. Read through `from` when it must join a transaction (one that holds the announcement's lock).
     */
    async registrationTarget(id: string, now: Date = new Date(), from?: Pick<Repos, "announcements">) {
      const at = now.toISOString();
      const announcement = await liveById(id, at, from);
      if (!announcement?.registration) return undefined;
      const { event, registration } = announcement;
      const card = toCard(announcement, at);
      return {
        card,
        settings: registration,
        closed: registrationClosed(announcement, at),
        calendar: (site: { siteName: string; publicUrl: string }) => (event ? eventCalendar(card, event, site) : null),
      };
    },

    /** Any announcement as the admin's registrations page names it (draft, expired and all); undefined when there is none. */
    async findForAdmin(id: string, now: Date = new Date()) {
      if (!isRecordId(id)) return undefined;
      const announcement = await repos.announcements.findById(id);
      if (!announcement) return undefined;
      const at = now.toISOString();
      return {
        ...toCard(announcement, at),
        state: announcementState(announcement, at),
        registration: announcement.registration && {
          ...announcement.registration,
          closesAtText: siteTime(announcement.registration.closesAt),
        },
      };
    },

    /** Every announcement with where it stands at `now`, its times as the society reads them, and its form's values. */
    async listForAdmin(now: Date = new Date()) {
      const at = now.toISOString();
      return (await repos.announcements.listAll()).map((announcement) => {
        const state = announcementState(announcement, at);
        return {
          ...toCard(announcement, at),
          version: announcement.version,
          state,
          publishAtText: siteTime(announcement.publishAt),
          expiresAtText: siteTime(announcement.expiresAt),
          form: {
            title: announcement.title ?? "",
            description: announcement.description,
            url: announcement.linkUrl ?? "",
            linkLabel: announcement.linkLabel ?? "",
            publish: publishChoice(state),
            publishAt: state === "scheduled" ? wallTime(announcement.publishAt) : "",
            expiresAt: wallTime(announcement.expiresAt),
            pinned: announcement.pinned,
            eventStartsAt: wallTime(announcement.event?.startsAt ?? null),
            eventEndsAt: wallTime(announcement.event?.endsAt ?? null),
            eventLocation: announcement.event?.location ?? "",
            registration: (announcement.registration ? "here" : "link") as RegistrationChoice,
            capacity: announcement.registration?.capacity?.toString() ?? "",
            registrationClosesAt: wallTime(announcement.registration?.closesAt ?? null),
            questions: questionSlots(announcement.registration?.questions ?? []),
          },
        };
      });
    },

    /**
     * A new announcement (no id) or an edit made from the stored `version`. `image` is a newly chosen file's bytes:
     * refused (nothing stored) unless it is a supported, complete image. An expiry before the publish time is refused.
     */
    async save(
      input: AnnouncementFields,
      image: Buffer | undefined,
      actorId: string,
      now: Date = new Date(),
    ): Promise<SaveAnnouncementResult> {
      if (input.id !== undefined && !isRecordId(input.id)) return { ok: false, reason: "missing" };
      const existing = input.id === undefined ? undefined : await repos.announcements.findById(input.id);
      if (input.id !== undefined && !existing) return { ok: false, reason: "missing" };
      const at = now.toISOString();
      const checked = valuesFrom(input, existing, at);
      if (checked.expiresAt !== null && checked.expiresAt <= (checked.publishAt ?? at)) {
        return { ok: false, reason: "expiresAt", message: ANNOUNCEMENT_MESSAGES.expiresBeforePublish };
      }

      const stored = image ? await storeUpload(image, existing !== undefined) : undefined;
      if (stored && "ok" in stored) return stored;
      const previousImageId = existing?.image?.id ?? null;
      const imageId = stored ? stored.id : input.removeImage ? null : previousImageId;
      const values = { ...checked, imageId };
      const id = existing?.id ?? newId();

      const result = await inTransaction(db, async (trx): Promise<SaveAnnouncementResult> => {
        if (existing) {
          const outcome = await trx.announcements.update(id, input.version ?? 0, values, at);
          if (outcome !== "saved") return { ok: false, reason: outcome };
        } else {
          await trx.announcements.create(id, values, at);
        }
        await trx.siteContent.raiseVersion();
        const detail = `announcement=${id}${imageId ? ` image=${imageId}` : ""}`;
        await trx.auditLog.record(actorId, existing ? "announcement.edit" : "announcement.create", detail);
        return { ok: true, id };
      }).catch(async (error: unknown) => {
        if (stored) await removeImageIfUnused(images, stored.id).catch(() => undefined);
        throw error;
      });
      if (!result.ok) {
        if (stored) await removeImageIfUnused(images, stored.id).catch(() => undefined);
        return result;
      }
      // The row no longer shows the image it replaced (or removed): its files may now go.
      if (previousImageId && previousImageId !== imageId) {
        await removeImageIfUnused(images, previousImageId).catch((error: unknown) => {
          logger.warn({ imageId: previousImageId, err: errorMessage(error) }, "image row kept for the sweeper");
        });
      }
      return result;
    },

    /** Returns false when there was no such announcement. */
    async delete(id: string, actorId: string): Promise<boolean> {
      if (!isRecordId(id)) return false;
      const announcement = await repos.announcements.findById(id);
      if (!announcement) return false;
      const image = announcement.image;
      let deleted = false;
      // Its registrations go with it, with every copy of their data (their mails), in one transaction.
      await erase(
        async (trx) => ({ applications: [], messages: [], registrations: await trx.registrations.idsFor(id) }),
        async (trx, erased) => {
          deleted = await trx.announcements.delete(id);
          if (!deleted) return;
          await trx.siteContent.raiseVersion();
          const registrations = erased.registrations.length > 0 ? ` registrations=${erased.registrations.length}` : "";
          await trx.auditLog.record(
            actorId,
            "announcement.delete",
            `announcement=${id}${image ? ` image=${image.id}` : ""}${registrations}`,
          );
        },
      );
      if (!deleted || !image) return deleted;
      // The row is gone, so the public pages no longer show the image; its files may now go.
      await removeImageIfUnused(images, image.id).catch((error: unknown) => {
        logger.warn({ imageId: image.id, err: errorMessage(error) }, "image row kept for the sweeper");
      });
      return true;
    },

    /**
     * Removes images nothing points at (left by a delete whose file removal failed, or by a crash between storing an
     * image and writing the row that uses it: an announcement's or the content's). Returns how many were removed.
     */
    async sweepOrphanImages(now: Date = new Date()): Promise<number> {
      const cutoff = now.getTime() - ORPHAN_IMAGE_GRACE_MS;
      const orphans = (await repos.images.listUnreferenced()).filter((image) => Date.parse(image.createdAt) <= cutoff);
      let removed = 0;
      for (const image of orphans) if (await removeOrphan(image).catch(() => false)) removed += 1;
      if (removed > 0) logger.info({ removed }, "orphan images swept");
      return removed;
    },
  };
}

export type AnnouncementService = ReturnType<typeof announcementService>;
export type PublicAnnouncement = Awaited<ReturnType<AnnouncementService["listLive"]>>[number];
export type AdminAnnouncement = Awaited<ReturnType<AnnouncementService["listForAdmin"]>>[number];
