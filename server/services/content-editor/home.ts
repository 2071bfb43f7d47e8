import type { Selectable, Updateable } from "kysely";
import type { LogoInput, PresidentInput, SiteDetailsInput } from "#core/schemas/content-forms.ts";
import type { SiteDetailsTable } from "#server/db/schema.ts";
import { createRepos } from "#server/repos/index.ts";
import type { PhotoEditResult, WithPhoto } from "#server/services/content-edits.ts";
import { storedImageToResponsive } from "#server/services/image-store.ts";
import { videoUrl } from "#server/services/video-store.ts";
import { storedAppScreenshot } from "./app-screenshots";
import { type ContentEditorDeps, type DbDeps, runEdit, withPhoto } from "./edits";

type DetailsValues = Omit<SiteDetailsInput, "version">;
type StoredDetails = Pick<Selectable<SiteDetailsTable>, keyof DetailsValues>;
/** The details' columns as the form gives them: an Urdu text left empty is none written (null). */
const detailsOf = (details: DetailsValues): StoredDetails => ({
  name: details.name,
  shortName: details.shortName,
  tagline: details.tagline,
  heroText: details.heroText,
  mission: details.mission,
  taglineUr: details.taglineUr || null,
  heroTextUr: details.heroTextUr || null,
  missionUr: details.missionUr || null,
  videoChannelUrl: details.videoChannelUrl,
  whatsappContactUrl: details.whatsappContactUrl,
  whatsappCommunityUrl: details.whatsappCommunityUrl,
});
/** The form's values of the stored details: an Urdu text not written is empty. */
const detailsFormOf = (stored: StoredDetails): DetailsValues => ({
  name: stored.name,
  shortName: stored.shortName,
  tagline: stored.tagline,
  heroText: stored.heroText,
  mission: stored.mission,
  taglineUr: stored.taglineUr ?? "",
  heroTextUr: stored.heroTextUr ?? "",
  missionUr: stored.missionUr ?? "",
  videoChannelUrl: stored.videoChannelUrl,
  whatsappContactUrl: stored.whatsappContactUrl,
  whatsappCommunityUrl: stored.whatsappCommunityUrl,
});

/**
 * The home screen's one item as stored: the texts and links, the logo and the president's card, each with the
 * version a save must come from (the same one: they are one row).
 */
export async function homeContent({ db }: DbDeps) {
  const repos = createRepos(db);
  const row = await repos.siteContent.details();
  if (!row) return undefined;
  const screenshotIds = [row.narrowScreenshotImageId, row.wideScreenshotImageId].flatMap((id) => id ?? []);
  const photos = new Map(
    (await repos.images.findMany([row.logoImageId, row.presidentImageId, ...screenshotIds])).map((image) => [image.id, image]),
  );
  const photo = (id: string, alt: string) => {
    const stored = photos.get(id);
    return stored ? storedImageToResponsive(stored, alt) : null;
  };
  const { version } = row;
  const details: SiteDetailsInput = { ...detailsFormOf(row), version };
  const { presidentName: name, presidentTitle: title } = row;
  return {
    details,
    logo: { alt: row.logoAlt, photo: photo(row.logoImageId, row.logoAlt), version },
    president: { name, title, message: row.presidentMessage, photo: photo(row.presidentImageId, `${name}, ${title}`), version },
    video: { url: row.documentaryVideo ? videoUrl(row.documentaryVideo) : null, version },
    appScreenshots: {
      narrow: storedAppScreenshot(row.narrowScreenshotImageId, row.narrowScreenshotLabel, photos, version),
      wide: storedAppScreenshot(row.wideScreenshotImageId, row.wideScreenshotLabel, photos, version),
    },
  };
}

/** Saves fields of the home details' row (one item, one version). */
const updateDetails = (
  deps: DbDeps,
  actorId: string,
  action: string,
  version: number,
  values: Updateable<Omit<SiteDetailsTable, "id" | "version">>,
) =>
  runEdit(deps, actorId, action, async (trx) => {
    const outcome = await createRepos(trx).siteContent.updateDetails(version, values);
    return outcome === "saved" ? { ok: true } : { ok: false, reason: outcome };
  });

export const saveDetails = (deps: DbDeps, input: SiteDetailsInput, actorId: string) =>
  updateDetails(deps, actorId, "content.details.edit", input.version, detailsOf(input));

/** Fields that come with a photo: a new one replaces the photo in `photoColumn`, which goes once nothing shows it. */
async function saveDetailsWithPhoto(
  deps: ContentEditorDeps,
  save: {
    action: string;
    photoColumn: "logoImageId" | "presidentImageId";
    version: number;
    values: Updateable<Omit<SiteDetailsTable, "id" | "version" | typeof save.photoColumn>>;
    photo: Buffer | undefined;
    actorId: string;
    encodeOptions?: Parameters<WithPhoto>[3];
  },
): Promise<PhotoEditResult> {
  const { action, photoColumn, version, values, photo, actorId, encodeOptions } = save;
  const previousImageId = (await createRepos(deps.db).siteContent.details())?.[photoColumn] ?? null;
  const saveWith = async (newImageId: string | undefined) => {
    const imageId = newImageId ?? previousImageId;
    const photoValue = imageId ? { [photoColumn]: imageId } : {};
    return { ...(await updateDetails(deps, actorId, action, version, { ...values, ...photoValue })), imageId };
  };
  return withPhoto(deps, photo, previousImageId, saveWith, encodeOptions);
}

/** The president's texts, and a new photo when one was chosen (the old one goes once nothing shows it). */
export const savePresident = (deps: ContentEditorDeps, input: PresidentInput, photo: Buffer | undefined, actorId: string) =>
  saveDetailsWithPhoto(deps, {
    action: "content.president.edit",
    photoColumn: "presidentImageId",
    version: input.version,
    values: { presidentName: input.name, presidentTitle: input.title, presidentMessage: input.message },
    photo,
    actorId,
  });

/** The logo's description, and a new logo when one was chosen: made in every size, the icons too. */
export const saveLogo = (deps: ContentEditorDeps, input: LogoInput, photo: Buffer | undefined, actorId: string) =>
  saveDetailsWithPhoto(deps, {
    action: "content.logo.edit",
    photoColumn: "logoImageId",
    version: input.version,
    values: { logoAlt: input.alt },
    photo,
    actorId,
    encodeOptions: { smallWidths: true, icons: true },
  });
