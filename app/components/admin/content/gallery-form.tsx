import { countOf } from "#core/count-of.ts";
import { useEffect, useState } from "react";
import { href, useNavigate } from "react-router";
import { GALLERY_KINDS } from "#core/gallery-kinds.ts";
import { gallerySchema } from "#core/schemas/content-forms.ts";
import { Field } from "#app/components/ui/field.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { uploadPhotos } from "#app/lib/photo-uploads.ts";
import { AdminForm, useAdminForm } from "#app/components/admin/forms/admin-form.tsx";
import { PhotoDropZone } from "./photo-uploads";
import type { Route } from "../../../routes/admin/content/+types/galleries";

type StoredGallery = Route.ComponentProps["loaderData"]["galleries"][number];

/**
 * "New gallery" or an edit of one. The photos chosen here are uploaded into it
 * once it is saved, one by one with their progress on the gallery's own screen, where a new gallery opens.
 */
export function GalleryForm({ gallery, onSaved }: { gallery?: StoredGallery; onSaved: () => void }) {
  const navigate = useNavigate();
  const [photos, setPhotos] = useState<File[]>([]);
  const content = useAdminForm({
    intent: "save",
    item: gallery,
    id: gallery ? `gallery-${gallery.id}` : "gallery-new",
    schema: gallerySchema,
    defaultValue: gallery
      ? {
          name: gallery.name,
          kind: gallery.kind,
          date: gallery.date,
          description: gallery.description,
          nameUr: gallery.nameUr,
          descriptionUr: gallery.descriptionUr,
        }
      : { kind: "event" },
    onSaved: ({ id }) => {
      if (id && photos.length > 0) uploadPhotos(id, photos);
      if (gallery) onSaved();
    },
  });
  const { fetcher, form, fields } = content;
  // A new gallery opens on its own screen, where its photos' progress shows. Only once the save's revalidation is over:
  // a navigation started while it runs can be overtaken by it (the address changes, the screen does not).
  const savedId = fetcher.data?.ok ? fetcher.data.id : undefined;
  useEffect(() => {
    if (!gallery && savedId && fetcher.state === "idle")
      void navigate(href("/admin/content/galleries/:id", { id: encodeURIComponent(savedId) }));
  }, [gallery, savedId, fetcher.state, navigate]);

  return (
    <AdminForm form={content}>
      <Field meta={fields.name} label="Name" description="Its heading and menu entry: “Med Doc”." />
      <Field meta={fields.nameUr} label="Name in Urdu (optional)" lang="ur" dir="rtl" />
      <SelectField meta={fields.kind} label="Kind" options={GALLERY_KINDS} />
      <Field meta={fields.date} label="Date" type="date" description="Optional. The day it took place." />
      <Field meta={fields.description} label="Description" description="Optional. A few lines about it." rows={3} />
      <Field meta={fields.descriptionUr} label="Description in Urdu (optional)" rows={3} lang="ur" dir="rtl" />
      <div className="flex flex-col gap-1">
        <p className="font-semibold text-slate-900">Photos</p>
        <PhotoDropZone
          id={`${form.id}-photos`}
          label={gallery ? "Add photos" : "Choose photos"}
          onFiles={(files) => setPhotos((chosen) => [...chosen, ...files])}
        />
        {photos.length > 0 && (
          <p className="text-sm text-slate-700" aria-live="polite">
            {countOf(photos.length, "photo")} chosen: {photos.map((photo) => photo.name).join(", ")}. They upload once the gallery is saved.
          </p>
        )}
      </div>
    </AdminForm>
  );
}
