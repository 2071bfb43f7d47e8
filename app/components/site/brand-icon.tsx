import { siFacebook, siInstagram, siWhatsapp, siYoutube } from "simple-icons";

const ICONS = { facebook: siFacebook, instagram: siInstagram, whatsapp: siWhatsapp, youtube: siYoutube } as const;

type Brand = keyof typeof ICONS;

/** A brand's logo as an inline SVG (decorative: the link around it carries the name). */
export function BrandIcon({ brand, className }: { brand: Brand; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="currentColor" aria-hidden focusable="false">
      <path d={ICONS[brand].path} />
    </svg>
  );
}
