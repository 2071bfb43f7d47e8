import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { GALLERY_KINDS, gallerySchema } from "#core/schemas/content-forms";
import { Field, FormMessage, firstMessage, inputClass } from "~/components/ui/field";
import { showToast } from "~/components/ui/toasts";
import { useActionResult } from "~/lib/use-action-result";
import { uploadPhotos } from "~/lib/photo-uploads";
import { PhotoDropZone } from "./photo-uploads";
import { SaveButton } from "./save-button";

interface StoredGallery {
  id: string;
  version: number;
  name: string;
  kind: keyof typeof GALLERY_KINDS;
  date: string;
  description: string;
}

/**
 * "New gallery" or an edit of one, posted to /admin/content/galleries/save. The photos chosen here are uploaded into it
 * once it is saved, one by one with their progress on the gallery's own screen, where a new gallery opens.
 */
export function GalleryForm({ gallery, onSaved }: { gallery?: StoredGallery; onSaved: () => void }) {
  const fetcher = useFetcher<{ ok: boolean; id?: string; result: SubmissionResult<string[]> }>();
  const navigate = useNavigate();
  const [photos, setPhotos] = useState<File[]>([]);
  const [form, fields] = useForm({
    id: gallery ? `gallery-${gallery.id}` : "gallery-new",
    lastResult: fetcher.data?.result,
    defaultValue: gallery ? { ...gallery, version: String(gallery.version) } : { kind: "event" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: gallerySchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useActionResult(fetcher.data, ({ ok, id }) => {
    if (!ok || !id) return;
    showToast.success("Saved");
    if (photos.length > 0) uploadPhotos(id, photos);
    if (gallery) onSaved();
  });
  // A new gallery opens on its own screen, where its photos' progress shows. Only once the save's revalidation is over:
  // a navigation started while it runs can be overtaken by it (the address changes, the screen does not).
  const savedId = fetcher.data?.ok ? fetcher.data.id : undefined;
  useEffect(() => {
    if (!gallery && savedId && fetcher.state === "idle") void navigate(`/admin/content/galleries/${savedId}`);
  }, [gallery, savedId, fetcher.state, navigate]);
  const formError = firstMessage(form.errors);

  return (
    <fetcher.Form method="post" action="/admin/content/galleries/save" {...getFormProps(form)} className="flex flex-col gap-4">
      {formError && <FormMessage>{formError}</FormMessage>}
      {gallery && <input {...getInputProps(fields.id, { type: "hidden" })} />}
      {gallery && <input {...getInputProps(fields.version, { type: "hidden" })} />}
      <Field meta={fields.name} label="Name" description="Its heading and menu entry: “Med Doc”." />
      <Field
        meta={fields.kind}
        label="Kind"
        control={(aria) => (
          <select {...getSelectProps(fields.kind, { ariaAttributes: false })} {...aria} className={inputClass}>
            {Object.entries(GALLERY_KINDS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      />
      <Field meta={fields.date} label="Date" type="date" description="Optional. The day it took place." />
      <Field meta={fields.description} label="Description" description="Optional. A few lines about it." rows={3} />
      <div className="flex flex-col gap-1">
        <p className="font-semibold text-slate-900">Photos</p>
        <PhotoDropZone
          id={`${form.id}-photos`}
          label={gallery ? "Add photos" : "Choose photos"}
          onFiles={(files) => setPhotos((chosen) => [...chosen, ...files])}
        />
        {photos.length > 0 && (
          <p className="text-sm text-slate-700" aria-live="polite">
            {photos.length} {photos.length === 1 ? "photo" : "photos"} chosen: {photos.map((photo) => photo.name).join(", ")}. They upload
            once the gallery is saved.
          </p>
        )}
      </div>
      <SaveButton busy={fetcher.state !== "idle"} />
    </fetcher.Form>
  );
}
