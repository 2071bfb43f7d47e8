import { type AnnouncementInput, type AnnouncementState, type PublishChoice, type RegistrationChoice } from "#core/schemas/announcement.ts";
import { errorMessage } from "#core/errors.ts";
import type { RegistrationQuestion } from "#core/schemas/registration.ts";
import { REGISTRATION_LIMITS } from "#core/schemas/registration-limits.ts";
import { isRecordId, newId } from "#server/db/ids.ts";
import { UnsupportedImageError } from "#server/images/encode-image.ts";
import { type Announcement, type AnnouncementValues, announcementsRepo } from "#server/repos/announcements.ts";
import type { StoredImage } from "#server/repos/images.ts";
import { inTransaction } from "#server/repos/index.ts";
import { deleteImageIfUnused, storeImage } from "#server/services/image-store.ts";
import { toWallTime, wallTimeToInstant } from "#server/site-time.ts";
import { StorageError } from "#server/storage/storage.ts";
import type { PushBroadcastState } from "#server/db/schema.ts";
import { type PushBroadcast, pushBroadcastsRepo } from "#server/repos/push-broadcasts.ts";
import type { AnnouncementDeps, ImageDeps, ReadDeps, ZoneDeps } from "./deps";
import { announcementState, siteTime, toCard } from "./card";

import { ANNOUNCEMENT_MESSAGES, EDIT_STORAGE_UNAVAILABLE_MESSAGE, STORAGE_UNAVAILABLE_MESSAGE } from "#core/messages/announcement-form.ts";
export const ANNOUNCEMENT_IMAGE_FOLDER = "announcements";

export type SaveAnnouncementResult =
  | { ok: true; id: string }
  | { ok: false; reason: "conflict" | "missing" }
  | { ok: false; reason: "image"; message: string }
  | { ok: false; reason: "expiresAt"; message: string }
  | { ok: false; reason: "storage-unavailable"; message: string };

/**
 * What the form says of an announcement, but its image (whose bytes come apart). `sendNotification` unset: no push (a
 * caller other than the form, such as the seeding script).
 */
export type AnnouncementFields = Omit<AnnouncementInput, "image" | "sendNotification"> & { sendNotification?: boolean };

/** Whether an announcement's push notification went, goes, or was dropped: what the admin's list and edit form show. */
export interface AnnouncementNotification {
  /** `pending`: goes when the announcement goes live; `fanned-out`: queued for every subscriber; `cancelled`: it will not go. */
  state: PushBroadcastState;
  /** When it went (fanned out), in the society's time zone; null until then. */
  notifiedAtText: string | null;
  /** How many subscribers it was queued for; null until it went. */
  recipients: number | null;
}

const notificationOf = (deps: ZoneDeps, broadcast: PushBroadcast | undefined): AnnouncementNotification | null =>
  broadcast ? { state: broadcast.state, notifiedAtText: siteTime(deps, broadcast.fannedOutAt), recipients: broadcast.recipients } : null;

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

/** The form's publish choice for a stored announcement. */
const publishChoice = (state: AnnouncementState): PublishChoice =>
  state === "draft" ? "draft" : state === "scheduled" ? "scheduled" : "now";

const wallTime = ({ siteTimeZone }: ZoneDeps, at: string | null) => (at === null ? "" : toWallTime(new Date(at), siteTimeZone));

/** Every announcement with where it stands at `now`, its times as the society reads them, and its form's values. */
export async function listForAdmin(deps: ReadDeps, now: Date = new Date()) {
  const at = now.toISOString();
  const [announcements, broadcasts] = await Promise.all([
    announcementsRepo(deps.db).listAll(),
    pushBroadcastsRepo(deps.db).byAnnouncement(),
  ]);
  return announcements.map((announcement) => {
    const state = announcementState(announcement, at);
    const notification = notificationOf(deps, broadcasts.get(announcement.id));
    return {
      ...toCard(deps, announcement, at),
      version: announcement.version,
      state,
      publishAtText: siteTime(deps, announcement.publishAt),
      expiresAtText: siteTime(deps, announcement.expiresAt),
      /** Its push notification; null: none asked for. */
      notification,
      form: {
        title: announcement.title ?? "",
        description: announcement.description,
        titleUr: announcement.titleUr ?? "",
        descriptionUr: announcement.descriptionUr ?? "",
        url: announcement.linkUrl ?? "",
        linkLabel: announcement.linkLabel ?? "",
        publish: publishChoice(state),
        publishAt: state === "scheduled" ? wallTime(deps, announcement.publishAt) : "",
        expiresAt: wallTime(deps, announcement.expiresAt),
        pinned: announcement.pinned,
        eventStartsAt: wallTime(deps, announcement.event?.startsAt ?? null),
        eventEndsAt: wallTime(deps, announcement.event?.endsAt ?? null),
        eventLocation: announcement.event?.location ?? "",
        registration: (announcement.registration ? "here" : "link") as RegistrationChoice,
        capacity: announcement.registration?.capacity?.toString() ?? "",
        registrationClosesAt: wallTime(deps, announcement.registration?.closesAt ?? null),
        questions: questionSlots(announcement.registration?.questions ?? []),
        /** Ticked while its notification waits to go; one that went (or was never asked for) is not sent again unasked. */
        sendNotification: notification?.state === "pending",
      },
    };
  });
}
export type AdminAnnouncement = Awaited<ReturnType<typeof listForAdmin>>[number];

/** What the stored row becomes, but its image: a publish choice of "now" keeps the time of one already live. */
function valuesFrom(
  zone: ZoneDeps,
  input: AnnouncementFields,
  existing: Announcement | undefined,
  now: string,
): Omit<AnnouncementValues, "imageId"> {
  const instant = (at: string) => wallTimeToInstant(at, zone.siteTimeZone).toISOString();
  const publishAt =
    input.publish === "draft"
      ? null
      : input.publish === "scheduled"
        ? instant(input.publishAt!)
        : existing?.publishAt && existing.publishAt <= now
          ? existing.publishAt
          : now;
  return {
    title: input.title || null,
    description: input.description,
    titleUr: input.titleUr || null,
    descriptionUr: input.descriptionUr || null,
    linkUrl: input.url ?? null,
    linkLabel: (input.url || input.registration === "here") && input.linkLabel ? input.linkLabel : null,
    publishAt,
    expiresAt: input.expiresAt ? instant(input.expiresAt) : null,
    event: input.eventStartsAt
      ? {
          startsAt: instant(input.eventStartsAt),
          endsAt: input.eventEndsAt ? instant(input.eventEndsAt) : null,
          location: input.eventLocation || null,
        }
      : null,
    registration:
      input.registration === "here"
        ? {
            capacity: input.capacity ?? null,
            closesAt: input.registrationClosesAt ? instant(input.registrationClosesAt) : null,
            questions: input.questions,
          }
        : null,
    pinned: input.pinned,
  };
}

async function storeUpload(deps: ImageDeps, bytes: Buffer, editing: boolean): Promise<StoredImage | SaveAnnouncementResult> {
  try {
    return await storeImage(deps, bytes, ANNOUNCEMENT_IMAGE_FOLDER);
  } catch (error) {
    if (error instanceof UnsupportedImageError) return { ok: false, reason: "image", message: error.message };
    if (error instanceof StorageError) {
      deps.logger.error({ err: error.message }, "image could not be stored; announcement not saved");
      const message = editing ? EDIT_STORAGE_UNAVAILABLE_MESSAGE : STORAGE_UNAVAILABLE_MESSAGE;
      return { ok: false, reason: "storage-unavailable", message };
    }
    throw error;
  }
}

/**
 * A new announcement (no id) or an edit made from the stored `version`. `image` is a newly chosen file's bytes:
 * refused (nothing stored) unless it is a supported, complete image. An expiry before the publish time is refused.
 * "Send notification" queues its push notification in the same transaction (one row, whatever the number of
 * subscribers: the push worker fans it out), due when it goes live; unticked, one still to go is cancelled; one that
 * went is never sent again.
 */
export async function save(
  deps: ImageDeps & ZoneDeps & Pick<AnnouncementDeps, "wakePusher">,
  input: AnnouncementFields,
  image: Buffer | undefined,
  actorId: string,
  now: Date = new Date(),
): Promise<SaveAnnouncementResult> {
  if (input.id !== undefined && !isRecordId(input.id)) return { ok: false, reason: "missing" };
  const existing = input.id === undefined ? undefined : await announcementsRepo(deps.db).findById(input.id);
  if (input.id !== undefined && !existing) return { ok: false, reason: "missing" };
  const at = now.toISOString();
  const checked = valuesFrom(deps, input, existing, at);
  if (checked.expiresAt !== null && checked.expiresAt <= (checked.publishAt ?? at)) {
    return { ok: false, reason: "expiresAt", message: ANNOUNCEMENT_MESSAGES.expiresBeforePublish };
  }

  const stored = image ? await storeUpload(deps, image, existing !== undefined) : undefined;
  if (stored && "ok" in stored) return stored;
  const previousImageId = existing?.image?.id ?? null;
  const imageId = stored ? stored.id : input.removeImage ? null : previousImageId;
  const values = { ...checked, imageId };
  const id = existing?.id ?? newId();
  let notification: PushBroadcastState | undefined;

  const result = await inTransaction(deps.db, async (trx): Promise<SaveAnnouncementResult> => {
    if (existing) {
      const outcome = await trx.announcements.update(id, input.version ?? 0, values, at);
      if (outcome !== "saved") return { ok: false, reason: outcome };
    } else {
      await trx.announcements.create(id, values, at);
    }
    await trx.siteContent.raiseVersion();
    notification = await trx.pushBroadcasts.plan(id, { send: input.sendNotification === true, dueAt: values.publishAt }, at);
    const detail = `announcement=${id}${imageId ? ` image=${imageId}` : ""}${notification === "pending" ? " notify=1" : ""}`;
    await trx.auditLog.record(actorId, existing ? "announcement.edit" : "announcement.create", detail);
    return { ok: true, id };
  }).catch(async (error: unknown) => {
    if (stored) await deleteImageIfUnused(deps, stored.id).catch(() => undefined);
    throw error;
  });
  if (!result.ok) {
    if (stored) await deleteImageIfUnused(deps, stored.id).catch(() => undefined);
    return result;
  }
  if (notification === "pending" && values.publishAt !== null && values.publishAt <= at) deps.wakePusher?.();
  // The row no longer shows the image it replaced (or removed): its files may now go.
  if (previousImageId && previousImageId !== imageId) {
    await deleteImageIfUnused(deps, previousImageId).catch((error: unknown) => {
      deps.logger.warn({ imageId: previousImageId, err: errorMessage(error) }, "image row kept for the sweeper");
    });
  }
  return result;
}
