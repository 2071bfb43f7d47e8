import { expandGalleryPhoto, type GalleryPhoto, galleryPhotoAlt } from "#core/gallery-photo.ts";
import { Picture } from "./picture";
import { usePhotoLightbox } from "./use-photo-lightbox";

/** Photos above the fold on a phone (1 column) or a desktop (4 columns, two rows) load at once; the rest lazily. */
const EAGER_PHOTOS = 3;

/**
 * A gallery's photos in a grid (1 column on a phone, 3 from 768 px, 4 from 1024 px), each a button that opens it in the
 * lightbox. `name` names each photo without an alt text of its own: "<name> 3".
 */
export function PhotoGrid({ name, photos, testId }: { name: string; photos: GalleryPhoto[]; testId?: string }) {
  const { opener, lightbox } = usePhotoLightbox(name, photos);
  return (
    <>
      <ul className="mt-8 grid grid-cols-1 gap-4 md:grid-cols-3 lg:grid-cols-4">
        {photos.map((photo, index) => (
          <li key={`${photo.stem}-${index}`} data-testid={testId}>
            <button {...opener(index)}>
              <Picture
                image={expandGalleryPhoto(photo, galleryPhotoAlt(photo, name, index))}
                sizes="(min-width: 1024px) 25vw, (min-width: 768px) 33vw, 100vw"
                priority={index === 0}
                eager={index < EAGER_PHOTOS}
                className="block aspect-[3/2] w-full overflow-hidden rounded-lg bg-slate-200"
                imgClassName="h-full w-full object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
      {lightbox}
    </>
  );
}
