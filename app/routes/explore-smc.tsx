import { useEffect } from "react";
import { BackButton } from "#app/components/site/back-button.tsx";
import { PhotoGrid } from "#app/components/site/photo-grid.tsx";
import { bookOf, pageMeta } from "#app/lib/page-meta.ts";
import { requestLocale, useBook } from "#app/lib/i18n.ts";
import type { Route } from "./+types/explore-smc";
import { servicesContext } from "#app/context.ts";
import { galleriesEn } from "#core/i18n/galleries/en.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  return { photos: await context.get(servicesContext).content.explorePhotos(requestLocale(request)) };
}

export function meta({ matches }: Route.MetaArgs) {
  const { explore } = bookOf(matches, "galleries", galleriesEn);
  return pageMeta(matches, { title: explore.title, description: explore.description, path: "/explore-smc" });
}

export default function ExploreSmc({ loaderData }: Route.ComponentProps) {
  const t = useBook("galleries", galleriesEn);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <BackButton />
      <section aria-labelledby="explore-heading">
        <h1 id="explore-heading" className="mt-6 text-3xl font-extrabold text-brand-900 sm:text-4xl">
          {t.explore.title}
        </h1>
        {/* Each photo's alt text, without one of its own: "Explore SMC photo 3". */}
        <PhotoGrid name="Explore SMC photo" photos={loaderData.photos} testId="explore-photo" />
      </section>
    </main>
  );
}
