import { type KeyboardEvent, useRef } from "react";
import Lightbox from "yet-another-react-lightbox";
import Captions from "yet-another-react-lightbox/plugins/captions";
import Counter from "yet-another-react-lightbox/plugins/counter";
import "yet-another-react-lightbox/styles.css";
import "yet-another-react-lightbox/plugins/captions.css";
import "yet-another-react-lightbox/plugins/counter.css";
import { type GalleryPhoto, galleryPhotoAlt, galleryPhotoVariants } from "#core/gallery-photo.ts";
import { useBook } from "#app/lib/i18n.ts";
import { galleriesEn } from "#core/i18n/galleries/en.ts";

const PLUGINS = [Captions, Counter];

/**
 * Tab and Shift+Tab go round the lightbox's controls. The library makes the page beneath inert, but Tab from its last
 * control would leave focus on the document's body, where Escape and the arrow keys no longer reach the lightbox.
 */
function keepFocusInside(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== "Tab") return;
  const controls = Array.from(event.currentTarget.querySelectorAll<HTMLElement>("button:not([disabled])")).filter(
    (control) => !control.closest("[inert]"),
  );
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  const wrapTo = event.shiftKey ? (active === first || !controls.some((c) => c === active) ? last : null) : active === last ? first : null;
  if (wrapTo) {
    event.preventDefault();
    wrapTo.focus();
  }
}

/**
 * A gallery's photos in yet-another-react-lightbox: one photo at a time as large as the screen allows (the browser
 * picks a WebP variant by the photo's widths, so a phone does not fetch the widest), its alt text as a caption and
 * its position ("3 of 10"); Previous and Next by buttons, arrow keys and swipe; Escape, Close or a click beside the
 * photo leave. Focus stays inside (the library makes the page beneath inert; Tab goes round), and the library
 * drops its fades and slides when the visitor asks for reduced motion. Loaded on demand by usePhotoLightbox.
 */
export function PhotoLightbox({
  name,
  photos,
  index,
  onClose,
}: {
  /** The gallery's name, which with the position makes each photo's alt text. */
  name: string;
  photos: GalleryPhoto[];
  /** The photo to show; null when closed. */
  index: number | null;
  /** Called once the lightbox has closed, with the photo it showed last. */
  onClose: (last: number) => void;
}) {
  const words = useBook("galleries", galleriesEn).photos;
  const current = useRef(0);
  const slides = photos.map((photo, position) => {
    const variants = galleryPhotoVariants(photo, "webp");
    const widest = variants.at(-1);
    const alt = galleryPhotoAlt(photo, name, position);
    // Its size is the widest variant's, which the lightbox does not stretch beyond.
    return {
      src: widest?.url ?? "",
      width: widest?.width ?? photo.width,
      height: widest?.height ?? photo.height,
      alt,
      description: alt,
      srcSet: variants.map((variant) => ({ src: variant.url, width: variant.width, height: variant.height })),
    };
  });
  return (
    <Lightbox
      open={index !== null}
      index={index ?? 0}
      close={() => onClose(current.current)}
      slides={slides}
      plugins={PLUGINS}
      counter={{ separator: words.of }}
      labels={{ Lightbox: words.viewer, Previous: words.previous, Next: words.next, Close: words.close }}
      controller={{ closeOnBackdropClick: true }}
      portal={{ container: { onKeyDown: keepFocusInside } }}
      on={{
        view: ({ index: shown }) => {
          current.current = shown;
        },
      }}
    />
  );
}
