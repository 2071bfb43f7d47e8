import type { SiteContent } from "#core/schemas/site-content.ts";
import { clsx } from "clsx";
import { BrandIcon } from "./brand-icon";

/** The society's social profiles, each opening in a new tab; nothing when it has none. */
export function SocialLinks({
  links,
  className,
  linkClassName,
}: {
  links: SiteContent["socialLinks"];
  className?: string;
  linkClassName?: string;
}) {
  if (links.length === 0) return null;
  return (
    <ul className={clsx("flex gap-3", className)}>
      {links.map((link, index) => (
        <li key={index} className="size-11 shrink-0">
          <a
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            className={clsx(
              "flex size-11 items-center justify-center rounded-full bg-brand-800 text-white transition-colors hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-800",
              linkClassName,
            )}
          >
            <BrandIcon brand={link.network} className="size-5" />
            <span className="sr-only">{link.label} (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
