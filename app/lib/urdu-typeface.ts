import { useEffect } from "react";
import nastaliqArabic from "@fontsource/noto-nastaliq-urdu/files/noto-nastaliq-urdu-arabic-400-normal.woff2?url";

/** The Urdu pages' typeface: Noto Nastaliq Urdu, its Arabic-script subset, self-hosted. */
const FAMILY = "Noto Nastaliq Urdu";
const SOURCE = `url(${nastaliqArabic}) format("woff2")`;
const URDU_RANGE = "U+0600-06FF,U+0750-077F,U+08A0-08FF,U+200C-200F,U+FB50-FDFF,U+FE70-FEFC";

/**
 * The typeface declared in the page itself, for a visitor without JavaScript (in a `<noscript>`): the browser fetches
 * it as soon as it lays out Urdu text.
 */
export const URDU_FONT_FACE = `@font-face{font-family:"${FAMILY}";font-style:normal;font-weight:400;font-display:swap;src:${SOURCE};unicode-range:${URDU_RANGE}}`;

/**
 * On an Urdu page, fetches the typeface once the page has loaded, and the text swaps to it when it arrives
 * (`font-display: swap`): the 156 KiB font does not compete with the page's own first requests (the HTML, its scripts,
 * the hero's picture), which a slow phone then shows sooner, in its own Arabic-script font. An English page never names
 * it, so never fetches it.
 */
export function useUrduTypefaceAfterLoad(urdu: boolean): void {
  useEffect(() => {
    if (!urdu || typeof FontFace === "undefined") return;
    const add = () => {
      if ([...document.fonts].some((face) => face.family.replace(/"/g, "") === FAMILY)) return;
      const face = new FontFace(FAMILY, SOURCE, { display: "swap", unicodeRange: URDU_RANGE });
      document.fonts.add(face);
      // A failed fetch (offline) leaves the phone's own font, as a slow one does meanwhile.
      face.load().catch(() => undefined);
    };
    if (document.readyState === "complete") add();
    else window.addEventListener("load", add, { once: true });
    return () => window.removeEventListener("load", add);
  }, [urdu]);
}
