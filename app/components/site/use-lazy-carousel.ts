import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import { useEffect, useState } from "react";
import { onDemand } from "#app/lib/on-demand.ts";

/** Embla's code: fetched when the page's first slider nears the screen, not with the page. */
const carousel = onDemand(() => import("embla-carousel"), "the photo slider");

/**
 * Embla on the viewport given to the returned ref, once `active`; the slides are CSS, so until then the server's page
 * already shows the right number of them. `options` is read when Embla starts: give a constant.
 */
export function useLazyCarousel(options: EmblaOptionsType, active: boolean) {
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType>();
  useEffect(() => {
    if (!active || !viewport) return;
    let instance: EmblaCarouselType | undefined;
    let ended = false;
    void carousel.load().then((module) => {
      if (ended || !module) return;
      instance = module.default(viewport, options);
      setEmbla(instance);
    });
    return () => {
      ended = true;
      instance?.destroy();
      setEmbla(undefined);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the options are a constant (see above)
  }, [active, viewport]);
  return [setViewport, embla] as const;
}
