import { lazy, Suspense } from "react";

/** How far below the screen the form may still be when its code is fetched: a fast scroll should not outrun it. */
const NEAR_MARGIN = "800px 0px";

/** Resolves once the section `id` is on the screen or within NEAR_MARGIN of it; at once where there is no screen. */
function whenNear(id: string): Promise<void> {
  if (typeof window === "undefined" || typeof IntersectionObserver === "undefined") return Promise.resolve();
  return new Promise((resolve) => {
    const watch = () => {
      const section = document.getElementById(id);
      // Rendered on a client-side visit, the section is not in the document yet on the first frame.
      if (!section) return void requestAnimationFrame(watch);
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          resolve();
        },
        { rootMargin: NEAR_MARGIN },
      );
      observer.observe(section);
    };
    watch();
  });
}

/**
 * The form's code, when the visitor nears the section (on the server at once: the page is drawn whole, every boundary
 * in place, app/entry.server.tsx). Should the fetch fail (offline), it never arrives: the form the server drew stays as
 * it is, and sends as it does without JavaScript.
 */
const ContactForm = lazy(() =>
  whenNear("contact")
    .then(() => import("./contact-form"))
    .then(
      ({ ContactForm: Form }) => ({ default: Form }),
      () => new Promise<never>(() => {}),
    ),
);

/**
 * The home page's contact form, at its foot, with its form library (Conform, about 10 KiB of gzip) fetched only as the
 * visitor nears it rather than with the page (docs/decisions/035-contact-form-hydrated-when-near.md). The server draws
 * it whole; until its code arrives React leaves that HTML in place while it hydrates the rest of the page, so it can be
 * read and filled, and a send posts it as without JavaScript (landing on /contact).
 */
export function ContactFormWhenNear() {
  return (
    <Suspense>
      <ContactForm />
    </Suspense>
  );
}
