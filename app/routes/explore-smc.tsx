import { useEffect } from "react";
import { BackButton } from "~/components/site/back-button";
import { Picture } from "~/components/site/picture";
import { usePhotoLightbox } from "~/components/site/use-photo-lightbox";
import { expandGalleryPhoto, galleryPhotoAlt } from "#core/gallery-photo";
import { pageMeta } from "~/lib/page-meta";
import type { Route } from "./+types/explore-smc";

export async function loader({ context }: Route.LoaderArgs) {
  return { photos: await context.services.content.explorePhotos() };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "Explore SMC",
    description: "A photo tour of our college: campus, classes, friends and everyday life.",
    path: "/explore-smc",
  });
}

/** Photos above the fold on a phone (1 column) or a desktop (4 columns, two rows) load at once; the rest lazily. */
const EAGER_PHOTOS = 3;
/** The gallery's name in each photo's alt text: "Explore SMC photo 3". */
const GALLERY = "Explore SMC photo";

export default function ExploreSmc({ loaderData }: Route.ComponentProps) {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  // Each photo is a button that opens it in the lightbox.
  const { opener, lightbox } = usePhotoLightbox(GALLERY, loaderData.photos);
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <BackButton />
      <section aria-labelledby="explore-heading">
        <h1 id="explore-heading" className="mt-6 text-3xl font-extrabold text-brand-900 sm:text-4xl">
          Explore SMC
        </h1>
        <ul className="mt-8 grid grid-cols-1 gap-4 md:grid-cols-3 lg:grid-cols-4">
          {loaderData.photos.map((photo, index) => (
            <li key={`${photo.stem}-${index}`} data-testid="explore-photo">
              <button {...opener(index)}>
                <Picture
                  image={expandGalleryPhoto(photo, galleryPhotoAlt(photo, GALLERY, index))}
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
      </section>
      {lightbox}
    </main>
  );
}
