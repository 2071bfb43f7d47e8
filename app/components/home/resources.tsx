import { ExternalLink } from "lucide-react";
import { BrandIcon } from "#app/components/site/brand-icon.tsx";
import { Picture } from "#app/components/site/picture.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { linkName } from "#app/lib/link-name.ts";
import type { HomeContent } from "#server/services/site-content.ts";
import { SectionHeading } from "./section-heading";
import { useBook, useMessages } from "#app/lib/i18n.ts";
import { homeEn } from "#core/i18n/home/en.ts";

export function Resources({ resources }: { resources: HomeContent["resources"] }) {
  const { home } = useBook("home", homeEn);
  const { nav } = useMessages();
  return (
    <section id="resources" aria-labelledby="resources-heading" className="mx-auto max-w-7xl px-4 py-16">
      <SectionHeading id="resources-heading">{home.resources}</SectionHeading>
      {resources.cards.length > 0 && (
        <ul className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {resources.cards.map((card, index) => (
            <li
              key={`${index}:${card.title}`}
              className="hover-sweep flex flex-col overflow-hidden rounded-xl border border-brand-100 bg-white shadow-sm"
            >
              <Picture
                image={card.image}
                sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
                className="block aspect-[4/3] w-full"
                imgClassName="h-full w-full object-cover"
              />
              <div className="flex flex-1 flex-col items-start gap-4 p-5">
                <h3 className="text-lg font-bold text-brand-900">{card.title}</h3>
                <Button asChild size="sm" className="mt-auto">
                  <a
                    href={card.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${linkName(home.viewNotes, card.title)} ${nav.opensInNewTab}`}
                  >
                    {home.viewNotes}
                    <ExternalLink className="size-4" aria-hidden />
                  </a>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <a
        href={resources.videoChannelUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-10 flex items-center justify-center gap-3 rounded-xl bg-red-700 px-6 py-6 text-xl font-bold text-white shadow hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
      >
        <BrandIcon brand="youtube" className="size-8" />
        {home.watchYoutube}
        <span className="sr-only">{nav.opensInNewTab}</span>
      </a>
    </section>
  );
}
