import { useEffect, useRef, useState } from "react";
import { type GalleryPhoto, galleryPhotoAlt } from "#core/gallery-photo.ts";
import { fill } from "#core/i18n/catalogue.ts";
import { useBook } from "#app/lib/i18n.ts";
import { onDemand, useOnDemand } from "#app/lib/on-demand.ts";
import { galleriesEn } from "#core/i18n/galleries/en.ts";

/**
 * The lightbox's code (yet-another-react-lightbox with its styles) is a chunk of its own: fetched when a pointer
 * reaches a photo, when a photo gets focus, or at the latest on the click.
 */
const photoLightbox = onDemand(() => import("./photo-lightbox"), "the photo viewer");
const preload = () => void photoLightbox.load();

/**
 * A gallery's photos open, one by one, in a lightbox over the page: the large photo with its alt text and position,
 * Previous and Next, Escape or Close to leave. A click before the lightbox's code has arrived opens it once it has.
 * Closing gives focus to the button of the photo last shown; `reveal` first brings that button into view where the
 * browser cannot (a slider moves to its slide), and then focus does not scroll.
 */
export function usePhotoLightbox(name: string, photos: GalleryPhoto[], reveal?: (index: number) => void) {
  const words = useBook("galleries", galleriesEn).photos;
  const [shown, setShown] = useState<number | null>(null);
  const viewer = useOnDemand(photoLightbox);
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  /** The photo to give focus back to once the lightbox has gone (it keeps the rest of the page inert until then). */
  const closedAt = useRef<number | null>(null);
  const openedAt = useRef(0);

  useEffect(() => {
    if (shown !== null || closedAt.current === null) return;
    const button = buttons.current.get(closedAt.current) ?? buttons.current.get(openedAt.current);
    if (reveal) reveal(closedAt.current);
    button?.focus({ preventScroll: Boolean(reveal) });
    closedAt.current = null;
  }, [shown, reveal]);

  return {
    /** The props of the button around photo `index`: its name says what it opens ("Open photo 3 of 10: Med Doc 3"). */
    opener: (index: number) => ({
      type: "button" as const,
      "aria-label": fill(words.open, { number: index + 1, total: photos.length, alt: galleryPhotoAlt(photos[index] ?? {}, name, index) }),
      "aria-haspopup": "dialog" as const,
      ref: (button: HTMLButtonElement | null) => {
        if (button) buttons.current.set(index, button);
        else buttons.current.delete(index);
      },
      onPointerEnter: preload,
      onFocus: preload,
      onClick: () => {
        preload();
        openedAt.current = index;
        setShown(index);
      },
      className:
        "block w-full cursor-zoom-in rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-800",
    }),
    /** The lightbox itself, once its code has arrived (render it anywhere: it draws in a portal). */
    lightbox: viewer && (
      <viewer.PhotoLightbox
        name={name}
        photos={photos}
        index={shown}
        onClose={(last) => {
          closedAt.current = last;
          setShown(null);
        }}
      />
    ),
  };
}
