import type { Kysely, Selectable, Updateable } from "kysely";
import {
  type CollaboratorInput,
  type GoalInput,
  type LogoInput,
  type PresidentInput,
  PHOTO_FORMATS_MESSAGE,
  type ResourceInput,
  type SiteDetailsInput,
  type SocialLinkInput,
  type TeamMemberInput,
} from "#core/schemas/content-forms.ts";
import { CONTENT_IMAGE_FOLDER } from "#server/content/import-content.ts";
import { UnsupportedImageError } from "#server/images/encode-image.ts";
import type { Logger } from "#server/logger.ts";
import type { StoredImage } from "#server/repos/images.ts";
import { type FileStorage, StorageError } from "#server/storage/storage.ts";
import { removeImageIfUnused, storedImageToResponsive, storeImage } from "./image-store";
import { isRecordId, newId } from "#server/db/ids.ts";
import type { Database, SiteDetailsTable } from "#server/db/schema.ts";
import { createRepos } from "#server/repos/index.ts";
import type { EditResult, MoveToResult, PhotoEditResult, RunEdit, RunMoveEdit, WithPhoto } from "./content-edits";
import { galleryEditor } from "./gallery-editor";
import { videoEditor } from "./video-editor";
import { videoUrl } from "./video-store";
import { type ContentListTable, contentListRepo, type ListItemValues } from "#server/repos/content-lists.ts";

/** The lists whose items carry a photo (imageId). */
type PhotoListTable = "teamMembers" | "collaborators" | "resources";

interface ContentEditorDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  logger: Logger;
}

/**
 * The admin's edits of the site's content. Each is one transaction with its audit entry and the content version's
 * raise, so the public pages of every instance show it at their next request.
 */
export function contentEditorService({ db, storage, logger }: ContentEditorDeps) {
  const repos = createRepos(db);
  const images = { db, storage, logger };

  /**
   * Stores an uploaded content photo (refusing anything but a JPEG, PNG, WebP or AVIF photo), then runs `save` with its
   * image id. A save that does not go through takes the new photo away again; the photo it replaced goes once nothing
   * shows it any more.
   */
  const withPhoto: WithPhoto = async (photo, previousImageId, save, encodeOptions) => {
    let stored: StoredImage | undefined;
    if (photo) {
      try {
        stored = await storeImage({ db, storage }, photo, CONTENT_IMAGE_FOLDER, {
          ...encodeOptions,
          photosOnly: { message: PHOTO_FORMATS_MESSAGE },
        });
      } catch (error) {
        if (error instanceof UnsupportedImageError) return { ok: false, reason: "photo", message: error.message };
        if (error instanceof StorageError) {
          logger.error({ err: error.message }, "content photo could not be stored; nothing saved");
          return { ok: false, reason: "storage-unavailable", message: PHOTO_STORAGE_UNAVAILABLE_MESSAGE };
        }
        throw error;
      }
    }
    const { imageId, ...result } = await save(stored?.id).catch(async (error: unknown) => {
      if (stored) await removeImageIfUnused(images, stored.id);
      throw error;
    });
    if (!result.ok) {
      if (stored) await removeImageIfUnused(images, stored.id);
      return result;
    }
    if (previousImageId && previousImageId !== imageId) await removeImageIfUnused(images, previousImageId).catch(() => undefined);
    return result;
  };

  /** Records an edit made in `trx` and raises the content version, in the same transaction. */
  const record = async (trx: Kysely<Database>, actorId: string, action: string, detail?: string) => {
    const trxRepos = createRepos(trx, db);
    await trxRepos.siteContent.raiseVersion();
    await trxRepos.auditLog.record(actorId, action, detail);
  };

  const edit: RunEdit = (actorId, action, work) =>
    db.transaction().execute(async (trx): Promise<EditResult> => {
      const { detail, ...result } = await work(trx);
      if (!result.ok) return result;
      await record(trx, actorId, action, detail);
      return result;
    });

  // A move to where the item is already changes nothing, so nothing is recorded.
  const moveEdit: RunMoveEdit = (actorId, action, detail, move) =>
    db.transaction().execute(async (trx): Promise<MoveToResult> => {
      const moved = await move(trx);
      switch (moved.outcome) {
        case "moved":
          await record(trx, actorId, action, detail);
          return { ok: true };
        case "unchanged":
          return { ok: true };
        case "missing":
          return { ok: false, reason: "missing" };
        case "out-of-range":
          return { ok: false, reason: "out-of-range", size: moved.size };
      }
    });

  /** Add, edit, delete and reorder for one list; `name` names it in the audit log ("goal" -> content.goal.add). */
  function listEditor<T extends ContentListTable>(table: T, name: string) {
    const listIn = (trx: Kysely<Database>) => contentListRepo(trx, table);
    return {
      items: () => contentListRepo(db, table).items(),
      /** A new item (no id) goes at the end; an edit must come from the stored version. */
      save: (item: { id?: string; version?: number }, values: ListItemValues<T>, actorId: string) =>
        edit(actorId, `content.${name}.${item.id ? "edit" : "add"}`, async (trx) => {
          if (!item.id) {
            const id = newId();
            await listIn(trx).append(id, values);
            return { ok: true, id, detail: `${name}=${id}` };
          }
          const outcome = await listIn(trx).update(item.id, item.version ?? 0, values);
          return outcome === "saved" ? { ok: true, id: item.id, detail: `${name}=${item.id}` } : { ok: false, reason: outcome };
        }),
      delete: (id: string, actorId: string) =>
        edit(actorId, `content.${name}.delete`, async (trx) =>
          isRecordId(id) && (await listIn(trx).delete(id)) ? { ok: true, detail: `${name}=${id}` } : { ok: false, reason: "missing" },
        ),
      move: (id: string, direction: -1 | 1, actorId: string) =>
        edit(actorId, `content.${name}.move`, async (trx) =>
          isRecordId(id) && (await listIn(trx).move(id, direction))
            ? { ok: true, detail: `${name}=${id}` }
            : { ok: false, reason: "missing" },
        ),
      /** Puts the item at place `to` (0 is the top); a move to where it is already changes nothing and records nothing. */
      moveTo: (id: string, to: number, actorId: string) =>
        moveEdit(actorId, `content.${name}.move`, `${name}=${id} to=${to}`, async (trx) =>
          isRecordId(id) ? listIn(trx).moveTo(id, to) : { outcome: "missing" },
        ),
    };
  }

  /** A list whose items show a photo: a save may bring a new one (or take it away), a delete takes it along. */
  function photoListEditor<T extends PhotoListTable>(table: T, name: string) {
    const editor = listEditor(table, name);
    const imageIdOf = async (id: string | undefined) =>
      id && isRecordId(id)
        ? (((await contentListRepo(db, table).find(id)) as { imageId: string | null } | undefined)?.imageId ?? null)
        : null;
    return {
      move: editor.move,
      moveTo: editor.moveTo,
      /** The items in order, each with its photo (null when it has none), described by `alt`. */
      async items(alt: (item: Selectable<Database[T]>) => string) {
        const items = await editor.items();
        const imageIds = items.flatMap((item) => (item as { imageId: string | null }).imageId ?? []);
        const photos = new Map((await repos.images.findMany(imageIds)).map((image) => [image.id, image]));
        return items.map((item) => {
          const photo = photos.get((item as { imageId: string | null }).imageId ?? "");
          return { item, photo: photo ? storedImageToResponsive(photo, alt(item)) : null };
        });
      },
      /** A new item or an edit; a new photo replaces the old one, `removePhoto` takes it away. */
      async save(
        item: { id?: string; version?: number; removePhoto?: unknown },
        values: Omit<ListItemValues<T>, "imageId">,
        photo: Buffer | undefined,
        actorId: string,
      ): Promise<PhotoEditResult> {
        const previousImageId = await imageIdOf(item.id);
        return withPhoto(photo, previousImageId, async (newImageId) => {
          const imageId = newImageId ?? (item.removePhoto ? null : previousImageId);
          // Every PhotoListTable has imageId; TypeScript cannot see that through the generic table.
          const withImage = { ...values, imageId: imageId } as unknown as ListItemValues<T>;
          const saved = await editor.save(item, withImage, actorId);
          return { ...saved, imageId };
        });
      },
      // The item's photo goes with it, unless something else shows it too.
      async delete(id: string, actorId: string) {
        const imageId = await imageIdOf(id);
        const result = await editor.delete(id, actorId);
        if (result.ok && imageId) await removeImageIfUnused(images, imageId).catch(() => undefined);
        return result;
      },
    };
  }

  const goals = listEditor("contentGoals", "goal");
  const socialLinks = listEditor("socialLinks", "social-link");
  const team = photoListEditor("teamMembers", "team-member");
  const collaborators = photoListEditor("collaborators", "collaborator");
  const resources = photoListEditor("resources", "resource");
  const removeImages = async (imageIds: readonly string[]) => {
    for (const id of new Set(imageIds)) await removeImageIfUnused(images, id).catch(() => undefined);
  };
  const galleries = galleryEditor({ db, edit, moveEdit, withPhoto, removeImages });
  /** The lists whose items are deleted and moved the same way, by their name in the admin's addresses. */
  const lists: Record<string, Pick<typeof goals, "delete" | "move" | "moveTo">> = {
    goals,
    "social-links": socialLinks,
    team,
    collaborators,
    resources,
    ...galleries.lists,
  };

  /**
   * Saves fields of the home details' row (one item, one version) that come with a photo: a new one replaces the photo
   * in `photoColumn`, which goes once nothing shows it.
   */
  async function saveDetailsWithPhoto({
    action,
    photoColumn,
    version,
    values,
    photo,
    actorId,
    encodeOptions,
  }: {
    action: string;
    photoColumn: "logoImageId" | "presidentImageId";
    version: number;
    values: Updateable<Omit<SiteDetailsTable, "id" | "version" | typeof photoColumn>>;
    photo: Buffer | undefined;
    actorId: string;
    encodeOptions?: Parameters<WithPhoto>[3];
  }): Promise<PhotoEditResult> {
    const previousImageId = (await repos.siteContent.details())?.[photoColumn] ?? null;
    return withPhoto(
      photo,
      previousImageId,
      async (newImageId) => {
        const imageId = newImageId ?? previousImageId;
        const saved = await edit(actorId, action, async (trx) => {
          const outcome = await createRepos(trx).siteContent.updateDetails(version, {
            ...values,
            ...(imageId ? { [photoColumn]: imageId } : {}),
          });
          return outcome === "saved" ? { ok: true } : { ok: false, reason: outcome };
        });
        return { ...saved, imageId };
      },
      encodeOptions,
    );
  }

  return {
    /**
     * The home screen's one item as stored: the texts and links, the logo and the president's card, each with the
     * version a save must come from (the same one: they are one row).
     */
    async home() {
      const row = await repos.siteContent.details();
      if (!row) return undefined;
      const photos = new Map((await repos.images.findMany([row.logoImageId, row.presidentImageId])).map((image) => [image.id, image]));
      const photo = (id: string, alt: string) => {
        const stored = photos.get(id);
        return stored ? storedImageToResponsive(stored, alt) : null;
      };
      const { version } = row;
      const details: SiteDetailsInput = {
        name: row.name,
        shortName: row.shortName,
        tagline: row.tagline,
        heroText: row.heroText,
        mission: row.mission,
        videoChannelUrl: row.videoChannelUrl,
        whatsappContactUrl: row.whatsappContactUrl,
        whatsappCommunityUrl: row.whatsappCommunityUrl,
        version,
      };
      const { presidentName: name, presidentTitle: title } = row;
      return {
        details,
        logo: { alt: row.logoAlt, photo: photo(row.logoImageId, row.logoAlt), version },
        president: { name, title, message: row.presidentMessage, photo: photo(row.presidentImageId, `${name}, ${title}`), version },
        video: { url: row.documentaryVideo ? videoUrl(row.documentaryVideo) : null, version },
      };
    },

    saveDetails: (input: SiteDetailsInput, actorId: string) =>
      edit(actorId, "content.details.edit", async (trx) => {
        const outcome = await createRepos(trx).siteContent.updateDetails(input.version, {
          name: input.name,
          shortName: input.shortName,
          tagline: input.tagline,
          heroText: input.heroText,
          mission: input.mission,
          videoChannelUrl: input.videoChannelUrl,
          whatsappContactUrl: input.whatsappContactUrl,
          whatsappCommunityUrl: input.whatsappCommunityUrl,
        });
        return outcome === "saved" ? { ok: true } : { ok: false, reason: outcome };
      }),

    /** The president's texts, and a new photo when one was chosen (the old one goes once nothing shows it). */
    savePresident: (input: PresidentInput, photo: Buffer | undefined, actorId: string) =>
      saveDetailsWithPhoto({
        action: "content.president.edit",
        photoColumn: "presidentImageId",
        version: input.version,
        values: { presidentName: input.name, presidentTitle: input.title, presidentMessage: input.message },
        photo,
        actorId,
      }),

    /** The logo's description, and a new logo when one was chosen: made in every size, the icons too. */
    saveLogo: (input: LogoInput, photo: Buffer | undefined, actorId: string) =>
      saveDetailsWithPhoto({
        action: "content.logo.edit",
        photoColumn: "logoImageId",
        version: input.version,
        values: { logoAlt: input.alt },
        photo,
        actorId,
        encodeOptions: { smallWidths: true, icons: true },
      }),

    video: videoEditor({ db, storage, logger, edit }),

    socialLinks: {
      list: async () => (await socialLinks.items()).map(({ id, version, network, label, url }) => ({ id, version, network, label, url })),
      save: ({ id, version, network, label, url }: SocialLinkInput, actorId: string) =>
        socialLinks.save({ id, version }, { network, label, url }, actorId),
    },

    /** The list named in an address (/admin/content/goals/…), if there is one by that name. */
    list: (name: string) => (Object.hasOwn(lists, name) ? lists[name] : undefined),

    team: {
      list: async () =>
        (await team.items((member) => member.name)).map(({ item: { id, version, name, title, description }, photo }) => ({
          id,
          version,
          name,
          title,
          description: description ?? "",
          photo,
        })),
      save: (input: TeamMemberInput, photo: Buffer | undefined, actorId: string) =>
        team.save(input, { name: input.name, title: input.title, description: input.description || null }, photo, actorId),
    },

    collaborators: {
      list: async () =>
        (await collaborators.items((c) => `${c.name} logo`)).map(({ item: { id, version, name, description, url }, photo }) => ({
          id,
          version,
          name,
          description,
          url: url ?? "",
          photo,
        })),
      save: (input: CollaboratorInput, photo: Buffer | undefined, actorId: string) =>
        collaborators.save(input, { name: input.name, description: input.description, url: input.url ?? null }, photo, actorId),
    },

    resources: {
      list: async () =>
        (await resources.items((r) => `Illustration for ${r.title}`)).map(({ item: { id, version, title, menuLabel, url }, photo }) => ({
          id,
          version,
          title,
          menuLabel: menuLabel,
          url,
          photo,
        })),
      save: (input: ResourceInput, photo: Buffer | undefined, actorId: string) =>
        resources.save(input, { title: input.title, menuLabel: input.menuLabel, url: input.url }, photo, actorId),
    },

    galleries,

    goals: {
      list: async () => (await goals.items()).map(({ id, version, title, description }) => ({ id, version, title, description })),
      save: ({ id, version, title, description }: GoalInput, actorId: string) =>
        goals.save({ id, version }, { title, description }, actorId),
    },
  };
}

export type ContentEditor = ReturnType<typeof contentEditorService>;

/** What the admin is told when the photo cannot be stored (the reason, naming the bucket, goes to the log). */
const PHOTO_STORAGE_UNAVAILABLE_MESSAGE = "The photo could not be stored: the image store cannot be reached. Try again in a few minutes.";
