import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { galleryPhotoSchema } from "#core/schemas/content-forms";
import type { ResponsiveImage } from "#core/responsive-image";
import { Picture } from "~/components/site/picture";
import { Field, FormMessage, firstMessage } from "~/components/ui/field";
import { SaveButton, useSavedToast } from "./save-button";

interface StoredPhoto {
  id: string;
  version: number;
  alt: string;
  cover: boolean;
  image: ResponsiveImage;
}

/** A gallery photo's alt text and cover choice, posted to /admin/content/gallery-photos/save. */
export function GalleryPhotoForm({ photo, galleryName, onSaved }: { photo: StoredPhoto; galleryName: string; onSaved: () => void }) {
  const fetcher = useFetcher<{ ok: boolean; result: SubmissionResult<string[]> }>();
  const [form, fields] = useForm({
    id: `gallery-photo-${photo.id}`,
    lastResult: fetcher.data?.result,
    defaultValue: { id: photo.id, version: String(photo.version), alt: photo.alt, cover: photo.cover ? "on" : undefined },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: galleryPhotoSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useSavedToast(fetcher.data, onSaved);
  const formError = firstMessage(form.errors);

  return (
    <fetcher.Form method="post" action="/admin/content/gallery-photos/save" {...getFormProps(form)} className="flex flex-col gap-4">
      {formError && <FormMessage>{formError}</FormMessage>}
      <input {...getInputProps(fields.id, { type: "hidden" })} />
      <input {...getInputProps(fields.version, { type: "hidden" })} />
      <Picture image={photo.image} sizes="400px" imgClassName="max-h-56 w-full rounded-md bg-slate-100 object-contain" />
      <Field
        meta={fields.alt}
        label="Alt text"
        description={`Optional. Left empty, it is “${galleryName}” and the photo's number.`}
        placeholder={photo.image.alt}
      />
      <label className="flex items-center gap-2 text-slate-900">
        <input {...getInputProps(fields.cover, { type: "checkbox" })} className="size-4 accent-brand-800" />
        Cover of the gallery
      </label>
      <SaveButton busy={fetcher.state !== "idle"} />
    </fetcher.Form>
  );
}
