import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { EncodeOptions } from "#server/images/encode-image.ts";
import type { MoveToOutcome, SaveOutcome } from "#server/repos/content-lists.ts";

/* The shapes of the admin's content edits, shared by the content editor and the gallery editor. */

/** What an edit answers: done, or refused because the item moved on meanwhile (or is gone). */
export type EditResult = { ok: true; id?: string } | { ok: false; reason: Exclude<SaveOutcome, "saved"> };
/** What a move to a place answers: an edit's answers, or refused because the list has no such place (it has `size`). */
export type MoveToResult = EditResult | { ok: false; reason: "out-of-range"; size: number };
/** A save with a photo may also be refused for the photo: not one, or the store is down. */
export type PhotoEditResult =
  EditResult | { ok: false; reason: "photo"; message: string } | { ok: false; reason: "storage-unavailable"; message: string };

/** Runs `work` in one transaction and, when it changed something, records it and raises the content version. */
export type RunEdit = (
  actorId: string,
  action: string,
  work: (trx: Kysely<Database>) => Promise<EditResult & { detail?: string }>,
) => Promise<EditResult>;

/** Runs a move to a place (`move`) as an edit: one transaction, recorded with `detail` when it moved the item. */
export type RunMoveEdit = (
  actorId: string,
  action: string,
  detail: string,
  move: (trx: Kysely<Database>) => Promise<MoveToOutcome>,
) => Promise<MoveToResult>;

/** Stores an uploaded photo, then runs `save` with its image id (`withPhoto` in content-editor/edits.ts). */
export type WithPhoto = (
  photo: Buffer | undefined,
  previousImageId: string | null,
  save: (newImageId: string | undefined) => Promise<EditResult & { imageId?: string | null }>,
  /** What else to make of the photo beside its usual sizes (the logo's icons). */
  encodeOptions?: Omit<EncodeOptions, "photosOnly">,
) => Promise<PhotoEditResult>;
