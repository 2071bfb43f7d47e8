import type { AppScreenshotFormFactor } from "#core/app-screenshots.ts";
import { APP_SCREENSHOT_LIMITS } from "#core/app-screenshots.ts";
import { appScreenshotSchema, PHOTO_ACCEPT } from "#core/schemas/content-forms.ts";
import { Field } from "#app/components/ui/field.tsx";
import { PhotoFieldWithPreview } from "#app/components/ui/photo-field.tsx";
import { AdminForm, useAdminForm } from "#app/components/admin/forms/admin-form.tsx";
import type { Route } from "../../../routes/admin/content/+types/home";

type StoredAppScreenshot = Route.ComponentProps["loaderData"]["appScreenshots"][AppScreenshotFormFactor];

/** What each screenshot is called and how it is taken. */
const KINDS = {
  narrow: {
    title: "Screenshot on a phone",
    description: "A portrait screenshot of the home page, taken on a phone.",
    imageClassName: "h-48 w-auto self-start rounded-md border border-slate-300 bg-slate-100 object-contain",
  },
  wide: {
    title: "Screenshot on a computer",
    description: "A landscape screenshot of the home page, taken on a computer.",
    imageClassName: "h-40 w-auto self-start rounded-md border border-slate-300 bg-slate-100 object-contain",
  },
} as const;

/** One screenshot of the site for the install dialog and its label, posted with an optional new picture; removable. */
export function AppScreenshotForm({ formFactor, screenshot }: { formFactor: AppScreenshotFormFactor; screenshot: StoredAppScreenshot }) {
  const kind = KINDS[formFactor];
  const content = useAdminForm({
    intent: `screenshot-${formFactor}`,
    item: { version: screenshot.version },
    id: `screenshot-${formFactor}`,
    schema: appScreenshotSchema,
    defaultValue: { label: screenshot.label },
  });
  const { fields } = content;

  return (
    <AdminForm form={content} withFiles label={kind.title} className="mt-6 flex flex-col gap-5">
      <PhotoFieldWithPreview
        meta={fields.photo}
        label={kind.title}
        description={`${kind.description} Optional. A PNG, JPEG, WebP or AVIF at least ${APP_SCREENSHOT_LIMITS.minSide} pixels on each side, its long side at most ${APP_SCREENSHOT_LIMITS.maxAspectRatio} times its short side, up to 15 MB.`}
        accept={PHOTO_ACCEPT}
        current={screenshot.photo ? { src: screenshot.photo.src, alt: `Current ${kind.title.toLowerCase()}` } : undefined}
        previewAlt="Preview of the chosen screenshot"
        imageClassName={kind.imageClassName}
        remove={{ name: fields.removePhoto.name, label: "Remove the screenshot (the install dialog then shows none of this kind)" }}
      />
      <Field
        meta={fields.label}
        label="Label"
        description={`What the screenshot shows, in a few words: the install dialog and screen readers say it; at most ${APP_SCREENSHOT_LIMITS.label} characters.`}
      />
    </AdminForm>
  );
}
