import { lazy, Suspense } from "react";
import { useFetchers, useNavigation } from "react-router";
import { onceNear } from "#app/lib/once-near.ts";

/** How far below the screen the form may still be when its code is fetched: a fast scroll should not outrun it. */
const NEAR_MARGIN = "800px 0px";

/** Resolves once the section `id` is on the screen or within NEAR_MARGIN of it. */
function whenNear(id: string): Promise<void> {
  return new Promise((resolve) => {
    const watch = () => {
      const section = document.getElementById(id);
      // Rendered on a client-side visit, the section is not in the document yet on the first frame.
      if (section) onceNear(section, NEAR_MARGIN, resolve);
      else requestAnimationFrame(watch);
    };
    watch();
  });
}

let wantCode = () => {};
/** Kept when the form's code is wanted: the visitor nears the form, touches the page, or the router's state changes. */
const codeWanted = new Promise<void>((resolve) => (wantCode = resolve));

/**
 * The form's code (on the server at once: the page is drawn whole, every boundary in place, app/entry.server.tsx).
 * Should the fetch fail (offline), it never arrives: the form the server drew stays as it is, and sends as it does
 * without JavaScript.
 */
const ContactForm = lazy(() => {
  if (typeof window !== "undefined") {
    void whenNear("contact").then(wantCode);
    // A first touch or key: whatever it starts (Join Us, a link) changes the router's state soon (see below).
    for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, wantCode, { once: true, capture: true, passive: true });
  } else {
    wantCode();
  }
  return codeWanted
    .then(() => import("./contact-form"))
    .then(
      ({ ContactForm: Form }) => ({ default: Form }),
      () => new Promise<never>(() => {}),
    );
});

/**
 * The home page's contact form, at its foot, with its form library (Conform, about 10 KiB of gzip) fetched only as the
 * visitor nears it or starts using the page, rather than with it (docs/decisions/035-contact-form-hydrated-when-near.md).
 * The server draws it whole; until its code arrives React leaves that HTML in place while it hydrates the rest of the
 * page, so it can be read and filled, and a send posts it as without JavaScript (landing on /contact).
 *
 * React cannot tell what the boundary's content reads from the router, so a change of the router's state (a
 * navigation, a fetcher's post) waits for the boundary to hydrate: such a change asks for the code at once.
 */
export function ContactFormWhenNear() {
  const navigating = useNavigation().state !== "idle";
  const fetching = useFetchers().some((fetcher) => fetcher.state !== "idle");
  if (navigating || fetching) wantCode();
  return (
    <Suspense>
      <ContactForm />
    </Suspense>
  );
}
