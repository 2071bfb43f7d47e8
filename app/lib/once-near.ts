/**
 * Calls `near` once `element` is on the screen or within `margin` of it (a CSS margin, as IntersectionObserver's
 * `rootMargin`), at once where the browser cannot tell; returns a function that stops watching.
 */
export function onceNear(element: Element, margin: string, near: () => void): () => void {
  if (typeof IntersectionObserver === "undefined") {
    near();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      near();
    },
    { rootMargin: margin },
  );
  observer.observe(element);
  return () => observer.disconnect();
}
