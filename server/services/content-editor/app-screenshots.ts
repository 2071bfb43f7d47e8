import type { AppScreenshotFormFactor } from "#core/app-screenshots.ts";
import { APP_SCREENSHOT_MESSAGES } from "#core/messages/content.ts";
import type { AppScreenshotInput } from "#core/schemas/content-forms.ts";
import type { StoredImage } from "#server/repos/images.ts";
import { createRepos } from "#server/repos/index.ts";
import type { PhotoEditResult } from "#server/services/content-edits.ts";
import { storedFileUrl } from "#server/services/image-store.ts";
import { type ContentEditorDeps, runEdit, withPhoto } from "./edits";

/** The columns of the site's details that hold each screenshot for the install dialog. */
const COLUMNS = {
  narrow: { imageId: "narrowScreenshotImageId", label: "narrowScreenshotLabel" },
  wide: { imageId: "wideScreenshotImageId", label: "wideScreenshotLabel" },
} as const;

/** A screenshot as its form shows it: the label, the stored picture (its one file) or null, and the details' version. */
export function storedAppScreenshot(imageId: string | null, label: string | null, images: Map<string, StoredImage>, version: number) {
  const file = imageId ? images.get(imageId)?.variants[0] : undefined;
  return {
    label: label ?? "",
    photo: file ? { src: storedFileUrl(file.key), width: file.width, height: file.height } : null,
    version,
  };
}

/**
 * A screenshot of the site for the install dialog, taken on a phone ("narrow") or a computer ("wide"), and its label:
 * a new picture (checked as Chrome judges it) replaces the one stored, `removePhoto` takes it away, and the label alone
 * may change. Part of the site's details, saved at their version like the logo; the picture it replaced goes.
 */
export async function saveAppScreenshot(
  deps: ContentEditorDeps,
  formFactor: AppScreenshotFormFactor,
  input: AppScreenshotInput,
  photo: Buffer | undefined,
  actorId: string,
): Promise<PhotoEditResult> {
  const columns = COLUMNS[formFactor];
  const previousImageId = (await createRepos(deps.db).siteContent.details())?.[columns.imageId] ?? null;
  if (!photo && !previousImageId && !input.removePhoto) return { ok: false, reason: "photo", message: APP_SCREENSHOT_MESSAGES.missing };
  return withPhoto(
    deps,
    photo,
    previousImageId,
    async (newImageId) => {
      const imageId = newImageId ?? (input.removePhoto ? null : previousImageId);
      const values = { [columns.imageId]: imageId, [columns.label]: imageId ? input.label : null };
      const action = imageId ? "content.screenshot.edit" : "content.screenshot.remove";
      const result = await runEdit(deps, actorId, action, async (trx) => {
        const outcome = await createRepos(trx).siteContent.updateDetails(input.version, values);
        return outcome === "saved" ? { ok: true, detail: formFactor } : { ok: false, reason: outcome };
      });
      return { ...result, imageId };
    },
    { screenshot: formFactor },
  );
}
