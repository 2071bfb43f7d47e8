import { Button } from "#app/components/ui/button.tsx";
import { Picture } from "#app/components/site/picture.tsx";
import { SocialLinks } from "#app/components/site/social-links.tsx";
import type { HomeContent } from "#server/services/site-content.ts";
import { TypedHeadline } from "./typed-headline";
import { VideoDialog } from "./video-dialog";
import { useBook } from "#app/lib/i18n.ts";
import { homeEn } from "#core/i18n/home/en.ts";

export function Hero({ hero }: { hero: HomeContent["hero"] }) {
  const { home } = useBook("home", homeEn);
  return (
    <section
      id="hero"
      aria-label={home.introduction}
      className="relative bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-14 sm:py-20 md:flex-row md:items-center md:gap-6">
        {/* A fixed size (a 44 px row on phones, a 44 px column from md), so the strip never changes the hero's layout
            while the page settles: on a phone it sits at the fold, where any movement counts as a layout shift. */}
        <SocialLinks
          links={hero.socialLinks}
          className="order-last h-11 shrink-0 justify-center md:order-first md:h-auto md:w-11 md:flex-col"
          linkClassName="bg-white/10 hover:bg-white/20 focus-visible:outline-white"
        />
        <div className="flex-1">
          <TypedHeadline text={hero.tagline} className="text-4xl leading-tight font-extrabold sm:text-5xl lg:text-6xl" />
          <p className="mt-5 max-w-2xl text-lg text-brand-50">{hero.heroText}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild variant="accent">
              <a href="#contact">{home.contactUs}</a>
            </Button>
            <VideoDialog videoUrl={hero.videoUrl} />
          </div>
        </div>
        <Picture
          image={hero.logo}
          sizes="(min-width: 768px) 350px, 70vw"
          priority
          className="mx-auto block w-[70vw] max-w-[350px] shrink-0 md:mx-0 md:w-[350px]"
          imgClassName="h-auto w-full"
        />
      </div>
    </section>
  );
}
