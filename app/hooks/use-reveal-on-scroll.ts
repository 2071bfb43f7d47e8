import { type RefObject, useEffect, useRef } from "react";

/**
 * Marks each `[data-reveal]` element inside the container as revealed while it is in view, and unmarks it when it
 * leaves, so the CSS animation plays again every time it scrolls in (SPEC: "repeating each time"). Elements arrive
 * revealed, so a page shows whole before its scripts run; with `startHidden` (content that replaced other content,
 * such as another tab's) they start hidden and reveal as they are seen, as if scrolled to. `startHidden` is read when
 * the container mounts: content already shown does not hide again.
 */
export function useRevealOnScroll(container: RefObject<HTMLElement | null>, { startHidden = false } = {}) {
  const hiddenAtMount = useRef(startHidden);
  useEffect(() => {
    const root = container.current;
    if (!root || typeof IntersectionObserver === "undefined") return;
    const elements = root.querySelectorAll("[data-reveal]");
    if (hiddenAtMount.current) elements.forEach((element) => element.removeAttribute("data-revealed"));
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          entry.target.toggleAttribute("data-revealed", entry.isIntersecting);
        }
      },
      { rootMargin: "0px 0px -10% 0px", threshold: 0.05 },
    );
    elements.forEach((element) => observer.observe(element));
    return () => observer.disconnect();
  }, [container]);
}
