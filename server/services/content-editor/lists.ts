import type { Selectable } from "kysely";
import type { CollaboratorInput, GoalInput, ResourceInput, SocialLinkInput, TeamMemberInput } from "#core/schemas/content-forms.ts";
import { isRecordId, newId } from "#server/db/ids.ts";
import type { Database } from "#server/db/schema.ts";
import { type ContentListTable, contentListRepo, type ListItemValues } from "#server/repos/content-lists.ts";
import { imagesRepo } from "#server/repos/images.ts";
import type { PhotoEditResult } from "#server/services/content-edits.ts";
import { storedImageToResponsive } from "#server/services/image-store.ts";
import { type ContentEditorDeps, type DbDeps, deleteImagesIfUnused, runEdit, runMoveEdit, withPhoto } from "./edits";

/** A list the admin edits; `name` names it in the audit log ("goal" -> content.goal.add). */
export type ContentList<T extends ContentListTable = ContentListTable> = { table: T; name: string };

export const GOALS = { table: "contentGoals", name: "goal" } as const;
export const SOCIAL_LINKS = { table: "socialLinks", name: "social-link" } as const;
export const TEAM = { table: "teamMembers", name: "team-member" } as const;
export const COLLABORATORS = { table: "collaborators", name: "collaborator" } as const;
export const RESOURCES = { table: "resources", name: "resource" } as const;

/** The lists whose items carry a photo (imageId). */
const PHOTO_LIST_TABLES = [TEAM.table, COLLABORATORS.table, RESOURCES.table] as const;
type PhotoListTable = (typeof PHOTO_LIST_TABLES)[number];
const isPhotoList = (list: ContentList): list is ContentList<PhotoListTable> =>
  (PHOTO_LIST_TABLES as readonly ContentListTable[]).includes(list.table);

const imageIdOf = async ({ db }: DbDeps, table: PhotoListTable, id: string | undefined) =>
  id && isRecordId(id) ? (((await contentListRepo(db, table).find(id)) as { imageId: string | null } | undefined)?.imageId ?? null) : null;

/** A new item (no id) goes at the end; an edit must come from the stored version. */
export const saveListItem = <T extends ContentListTable>(
  deps: DbDeps,
  { table, name }: ContentList<T>,
  item: { id?: string; version?: number },
  values: ListItemValues<T>,
  actorId: string,
) =>
  runEdit(deps, actorId, `content.${name}.${item.id ? "edit" : "add"}`, async (trx) => {
    if (!item.id) {
      const id = newId();
      await contentListRepo(trx, table).append(id, values);
      return { ok: true, id, detail: `${name}=${id}` };
    }
    const outcome = await contentListRepo(trx, table).update(item.id, item.version ?? 0, values);
    return outcome === "saved" ? { ok: true, id: item.id, detail: `${name}=${item.id}` } : { ok: false, reason: outcome };
  });

// A photo list's item takes its photo along, unless something else shows it too.
export async function deleteListItem(deps: ContentEditorDeps, list: ContentList, id: string, actorId: string) {
  const imageId = isPhotoList(list) ? await imageIdOf(deps, list.table, id) : null;
  const result = await runEdit(deps, actorId, `content.${list.name}.delete`, async (trx) =>
    isRecordId(id) && (await contentListRepo(trx, list.table).delete(id))
      ? { ok: true, detail: `${list.name}=${id}` }
      : { ok: false, reason: "missing" },
  );
  if (result.ok && imageId) await deleteImagesIfUnused(deps, [imageId]);
  return result;
}

export const moveListItem = (deps: DbDeps, { table, name }: ContentList, id: string, direction: -1 | 1, actorId: string) =>
  runEdit(deps, actorId, `content.${name}.move`, async (trx) =>
    isRecordId(id) && (await contentListRepo(trx, table).move(id, direction))
      ? { ok: true, detail: `${name}=${id}` }
      : { ok: false, reason: "missing" },
  );

/** Puts the item at place `to` (0 is the top); a move to where it is already changes nothing and records nothing. */
export const moveListItemTo = (deps: DbDeps, { table, name }: ContentList, id: string, to: number, actorId: string) =>
  runMoveEdit(deps, actorId, `content.${name}.move`, `${name}=${id} to=${to}`, async (trx) =>
    isRecordId(id) ? contentListRepo(trx, table).moveTo(id, to) : { outcome: "missing" },
  );

/** The items in order, each with its photo (null when it has none), described by `alt`. */
async function photoListItems<T extends PhotoListTable>({ db }: DbDeps, table: T, alt: (item: Selectable<Database[T]>) => string) {
  const items = await contentListRepo(db, table).items();
  const imageIds = items.flatMap((item) => (item as { imageId: string | null }).imageId ?? []);
  const photos = new Map((await imagesRepo(db).findMany(imageIds)).map((image) => [image.id, image]));
  return items.map((item) => {
    const photo = photos.get((item as { imageId: string | null }).imageId ?? "");
    return { item, photo: photo ? storedImageToResponsive(photo, alt(item)) : null };
  });
}

/** A new item or an edit; a new photo replaces the old one, `removePhoto` takes it away. */
async function savePhotoListItem<T extends PhotoListTable>(
  deps: ContentEditorDeps,
  list: ContentList<T>,
  item: { id?: string; version?: number; removePhoto?: unknown },
  values: Omit<ListItemValues<T>, "imageId">,
  photo: Buffer | undefined,
  actorId: string,
): Promise<PhotoEditResult> {
  const previousImageId = await imageIdOf(deps, list.table, item.id);
  return withPhoto(deps, photo, previousImageId, async (newImageId) => {
    const imageId = newImageId ?? (item.removePhoto ? null : previousImageId);
    // Every PhotoListTable has imageId; TypeScript cannot see that through the generic table.
    const withImage = { ...values, imageId } as unknown as ListItemValues<T>;
    return { ...(await saveListItem(deps, list, item, withImage, actorId)), imageId };
  });
}

export const goalList = async ({ db }: DbDeps) =>
  (await contentListRepo(db, GOALS.table).items()).map(({ id, version, title, description, titleUr, descriptionUr }) => ({
    id,
    version,
    title,
    description,
    titleUr: titleUr ?? "",
    descriptionUr: descriptionUr ?? "",
  }));
export const saveGoal = (deps: DbDeps, { id, version, title, description, titleUr, descriptionUr }: GoalInput, actorId: string) =>
  saveListItem(
    deps,
    GOALS,
    { id, version },
    { title, description, titleUr: titleUr || null, descriptionUr: descriptionUr || null },
    actorId,
  );

export const socialLinkList = async ({ db }: DbDeps) =>
  (await contentListRepo(db, SOCIAL_LINKS.table).items()).map(({ id, version, network, label, url }) => ({
    id,
    version,
    network,
    label,
    url,
  }));
export const saveSocialLink = (deps: DbDeps, { id, version, network, label, url }: SocialLinkInput, actorId: string) =>
  saveListItem(deps, SOCIAL_LINKS, { id, version }, { network, label, url }, actorId);

export const teamList = async (deps: DbDeps) =>
  (await photoListItems(deps, TEAM.table, (member) => member.name)).map(
    ({ item: { id, version, name, title, description, titleUr, descriptionUr }, photo }) => ({
      id,
      version,
      name,
      title,
      description: description ?? "",
      titleUr: titleUr ?? "",
      descriptionUr: descriptionUr ?? "",
      photo,
    }),
  );
export const saveTeamMember = (deps: ContentEditorDeps, input: TeamMemberInput, photo: Buffer | undefined, actorId: string) =>
  savePhotoListItem(
    deps,
    TEAM,
    input,
    {
      name: input.name,
      title: input.title,
      description: input.description || null,
      titleUr: input.titleUr || null,
      descriptionUr: input.descriptionUr || null,
    },
    photo,
    actorId,
  );

export const collaboratorList = async (deps: DbDeps) =>
  (await photoListItems(deps, COLLABORATORS.table, (c) => `${c.name} logo`)).map(
    ({ item: { id, version, name, description, url }, photo }) => ({ id, version, name, description, url: url ?? "", photo }),
  );
export const saveCollaborator = (deps: ContentEditorDeps, input: CollaboratorInput, photo: Buffer | undefined, actorId: string) =>
  savePhotoListItem(
    deps,
    COLLABORATORS,
    input,
    { name: input.name, description: input.description, url: input.url ?? null },
    photo,
    actorId,
  );

export const resourceList = async (deps: DbDeps) =>
  (await photoListItems(deps, RESOURCES.table, (r) => `Illustration for ${r.title}`)).map(
    ({ item: { id, version, title, menuLabel, url }, photo }) => ({ id, version, title, menuLabel, url, photo }),
  );
export const saveResource = (deps: ContentEditorDeps, input: ResourceInput, photo: Buffer | undefined, actorId: string) =>
  savePhotoListItem(deps, RESOURCES, input, { title: input.title, menuLabel: input.menuLabel, url: input.url }, photo, actorId);
