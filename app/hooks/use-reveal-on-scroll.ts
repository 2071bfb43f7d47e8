import { type RefObject, useEffect } from "react";

/**
 * Marks each `[data-reveal]` element inside the container as revealed while it is in view, and unmarks it when it
 * leaves, so the CSS animation plays again every time it scrolls in (SPEC: "repeating each time").
 */
export function useRevealOnScroll(container: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = container.current;
    if (!root || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          entry.target.toggleAttribute("data-revealed", entry.isIntersecting);
        }
      },
      { rootMargin: "0px 0px -10% 0px", threshold: 0.05 },
    );
    root.querySelectorAll("[data-reveal]").forEach((element) => observer.observe(element));
    return () => observer.disconnect();
  }, [container]);
}
