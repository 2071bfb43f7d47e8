import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { data, href, Link } from "react-router";
import { ContentList } from "#app/components/admin/content/content-list.tsx";
import { GalleryPhotoForm } from "#app/components/admin/content/gallery-photo-form.tsx";
import { PhotoDropZone, PhotoUploadList } from "#app/components/admin/content/photo-uploads.tsx";
import { AdminDialog } from "#app/components/admin/admin-dialog.tsx";
import { Picture } from "#app/components/site/picture.tsx";
import { uploadPhotos } from "#app/lib/photo-uploads.ts";
import type { Route } from "./+types/gallery";
import { galleryActionSchema } from "#core/schemas/content-actions.ts";
import { contentSaveAction } from "#app/lib/forms.server.ts";
import { servicesContext } from "#app/context.ts";
import { CONTENT_REFUSED } from "#core/messages/content.ts";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const gallery = await context.get(servicesContext).contentEditor.galleries.get(params.id);
  if (!gallery) throw data(CONTENT_REFUSED.noSuchGallery, { status: 404 });
  return { gallery };
}

/** `save`: a photo's alt text and whether it is the gallery's cover, with the version it was read at. */
export const action = contentSaveAction(galleryActionSchema, (editor) => editor.galleries.savePhoto);

export const meta = ({ loaderData }: Route.MetaArgs) => unlistedPageMeta(`${loaderData?.gallery.name ?? "Gallery"} · Galleries`);

type Photo = Route.ComponentProps["loaderData"]["gallery"]["photos"][number];

/** One gallery's photos: upload more, and per photo its alt text, the cover, the order, or delete it. */
export default function GalleryPhotos({ loaderData }: Route.ComponentProps) {
  const { gallery } = loaderData;
  const [editing, setEditing] = useState<Photo | null>(null);
  const positionOf = (photo: Photo) => gallery.photos.indexOf(photo) + 1;
  return (
    <>
      <Link
        to={href("/admin/content/galleries")}
        className="inline-flex items-center gap-1 font-semibold text-brand-800 underline-offset-4 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        All galleries
      </Link>
      <h1 className="mt-3 text-3xl font-extrabold text-brand-900">{gallery.name}</h1>
      <p className="mt-2 text-slate-700">
        Its photos in the order the site shows them. The cover stands for the gallery where it is shared.
      </p>
      <div className="mt-6 flex flex-col gap-4">
        <PhotoDropZone id="gallery-photos" label="Add photos" onFiles={(files) => uploadPhotos(gallery.id, files)} />
        <PhotoUploadList galleryId={gallery.id} />
      </div>
      <ContentList
        items={gallery.photos}
        list="gallery-photos"
        itemName={(photo) => photo.alt || `Photo ${positionOf(photo)}`}
        kind="photo"
        onEdit={setEditing}
        empty="No photos yet: add some above. The gallery shows on the site once it has one."
        render={(photo) => (
          <div className="flex items-start gap-4">
            <Picture image={photo.image} sizes="128px" className="shrink-0" imgClassName="aspect-[4/3] w-32 rounded object-cover" />
            <div>
              <p className="font-bold text-slate-900">
                Photo {positionOf(photo)}
                {photo.cover && <span className="ml-2 rounded bg-brand-100 px-2 py-0.5 text-sm text-brand-900">Cover</span>}
              </p>
              <p className="text-slate-700">Alt text: {photo.alt || `${photo.image.alt} (from the gallery's name)`}</p>
            </div>
          </div>
        )}
      />
      <AdminDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing ? `Photo ${positionOf(editing)}` : "Photo"}
        description="What the photo shows, for people who cannot see it, and whether it is the gallery's cover."
      >
        {editing && <GalleryPhotoForm photo={editing} galleryName={gallery.name} onSaved={() => setEditing(null)} />}
      </AdminDialog>
    </>
  );
}
