import { useEffect, useRef, useState } from "react";
import { clsx } from "clsx";
import { expandGalleryPhoto, type GalleryPhoto, galleryPhotoAlt } from "#core/gallery-photo.ts";
import { fill } from "#core/i18n/catalogue.ts";
import { useBook } from "#app/lib/i18n.ts";
import { onceNear } from "#app/lib/once-near.ts";
import { whenIdle } from "#app/lib/when-idle.ts";
import { Picture } from "./picture";
import { usePhotoLightbox } from "./use-photo-lightbox";
import { useLazyCarousel } from "./use-lazy-carousel";
import { galleriesEn } from "#core/i18n/galleries/en.ts";

/** The most slides visible at once (3 from 1024 px). */
const INITIAL_SLIDES = 3;
const CAROUSEL_OPTIONS = { align: "start", containScroll: "trimSnaps" } as const;

/**
 * One group's photos: 1 slide below 768 px, 2 from 768 px, 3 from 1024 px, 10 px apart (the slide widths are CSS,
 * so the server-rendered page already shows the right number), with a clickable dot per position.
 *
 * `eager`: the page's first slider, whose first photo is its main image (LCP). Its other visible slides (on wider
 * screens) are lazy: in view, they load as soon as the page is laid out, without competing with the first.
 */
export function PhotoSlider({ name, photos, eager }: { name: string; photos: GalleryPhoto[]; eager: boolean }) {
  const words = useBook("galleries", galleriesEn).photos;
  // A page holds a dozen sliders: each one starts (measures, listens) only when it comes near the screen.
  const regionRef = useRef<HTMLDivElement>(null);
  const [nearScreen, setNearScreen] = useState(false);
  useEffect(() => {
    const region = regionRef.current;
    if (!region) return;
    let cancelStart: (() => void) | undefined;
    // Started when the main thread is idle, one slider at a time, so page load stays responsive.
    const stopWatching = onceNear(region, "300px 0px", () => (cancelStart = whenIdle(() => setNearScreen(true))));
    return () => {
      stopWatching();
      cancelStart?.();
    };
  }, []);
  const [viewportRef, embla] = useLazyCarousel(CAROUSEL_OPTIONS, nearScreen);
  const [snapCount, setSnapCount] = useState(0);
  const [selected, setSelected] = useState(0);
  useEffect(() => {
    if (!embla) return;
    const update = () => {
      setSnapCount(embla.scrollSnapList().length);
      setSelected(embla.selectedScrollSnap());
    };
    update();
    embla.on("select", update).on("reInit", update);
    return () => void embla.off("select", update).off("reInit", update);
  }, [embla]);
  // A tap or click on a photo opens it in the lightbox; a swipe only moves the slider (Embla swallows the click that
  // ends a drag). On closing, the slider moves to the photo last shown, whose button gets focus.
  const { opener, lightbox } = usePhotoLightbox(name, photos, (index) =>
    embla?.scrollTo(Math.min(index, embla.scrollSnapList().length - 1), true),
  );

  return (
    <div ref={regionRef} role="region" aria-roledescription={words.carousel} aria-label={fill(words.slider, { name })}>
      <div ref={viewportRef} className="overflow-hidden">
        <div className="-ms-[10px] flex touch-pan-y">
          {/* Until the slider is near the screen only its first slides exist: less to hydrate on a page of many. */}
          {(nearScreen ? photos : photos.slice(0, INITIAL_SLIDES)).map((photo, index) => (
            <div
              key={`${photo.stem}-${index}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${photos.length}`}
              data-testid="slide"
              className={clsx(
                "min-w-0 shrink-0 grow-0 basis-full ps-[10px] md:basis-1/2 lg:basis-1/3",
                // Before the slider starts, a phone shows one slide and a tablet two: the others stay out of the
                // layout, so a lazy photo nobody can see yet is not fetched beside the ones on screen.
                !nearScreen && index === 1 && "hidden md:block",
                !nearScreen && index === 2 && "hidden lg:block",
              )}
            >
              <button {...opener(index)}>
                <Picture
                  image={expandGalleryPhoto(photo, galleryPhotoAlt(photo, name, index))}
                  sizes="(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw"
                  priority={eager && index === 0}
                  className="block h-64 w-full overflow-hidden rounded-lg bg-slate-200 sm:h-72"
                  imgClassName="h-full w-full object-cover"
                />
              </button>
            </div>
          ))}
        </div>
      </div>
      {/* The dots' row keeps its height before the slider has measured itself, so nothing below moves. */}
      <div className="mt-3 flex min-h-8 flex-wrap justify-center gap-1">
        {snapCount > 1 &&
          Array.from({ length: snapCount }, (_, index) => (
            <button
              // Snap positions are fixed for a group: the index is their identity.
              key={index}
              type="button"
              aria-label={fill(words.goToSlide, { number: index + 1 })}
              aria-current={index === selected ? "true" : undefined}
              onClick={() => embla?.scrollTo(index)}
              className="group flex size-8 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-brand-800"
            >
              <span
                className={clsx(
                  "block size-3 rounded-full transition-colors",
                  index === selected ? "bg-brand-800" : "bg-slate-400 group-hover:bg-slate-500",
                )}
              />
            </button>
          ))}
      </div>
      {lightbox}
    </div>
  );
}
