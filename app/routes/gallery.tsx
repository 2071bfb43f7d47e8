import { data, useParams, useRouteLoaderData } from "react-router";
import { formatCalendarDay } from "#core/calendar-day.ts";
import { fill } from "#core/i18n/catalogue.ts";
import { galleriesEn } from "#core/i18n/galleries/en.ts";
import { BackButton } from "#app/components/site/back-button.tsx";
import { PhotoGrid } from "#app/components/site/photo-grid.tsx";
import { WhatsAppShareLink } from "#app/components/site/whatsapp-share-link.tsx";
import { galleryPagePath } from "#core/public-pages.ts";
import type { SiteChrome } from "#server/services/site-content.ts";
import { bookOf, pageMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/gallery";
import { servicesContext } from "#app/context.ts";
import { requestLocale, useBook, useLocale } from "#app/lib/i18n.ts";
import { NOT_FOUND } from "#core/messages/common.ts";

/** One event's or activity's page: only those with photos have one. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const page = await context.get(servicesContext).content.galleryPage(params.slug, requestLocale(request));
  if (!page) throw data(NOT_FOUND, { status: 404 });
  return page;
}

export function meta({ matches, loaderData, params }: Route.MetaArgs) {
  if (!loaderData) return [];
  const count = loaderData.photos.length;
  const { events } = bookOf(matches, "galleries", galleriesEn);
  return pageMeta(matches, {
    title: loaderData.name,
    description: loaderData.description ?? fill(count === 1 ? events.onePhotoOf : events.photosOf, { count, name: loaderData.name }),
    path: `/events-and-activities/${params.slug}`,
    preview: loaderData.preview,
  });
}

export default function Gallery({ loaderData: gallery }: Route.ComponentProps) {
  const tab = gallery.kind === "activity" ? "?tab=activities" : "";
  const { slug } = useParams();
  const publicUrl = useRouteLoaderData<SiteChrome>("root")?.publicUrl ?? "";
  const { events } = useBook("galleries", galleriesEn);
  const locale = useLocale();
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <BackButton fallback={`/events-and-activities${tab}`} />
      <article aria-labelledby="gallery-heading" className="mt-6">
        <p className="text-sm font-bold tracking-wide text-brand-800 uppercase">{events[gallery.kind]}</p>
        <h1 id="gallery-heading" className="mt-1 text-3xl font-extrabold text-brand-900 sm:text-4xl">
          {gallery.name}
        </h1>
        {gallery.date && (
          <p className="mt-2 text-slate-700">
            <time dateTime={gallery.date}>{formatCalendarDay(gallery.date, locale)}</time>
          </p>
        )}
        {gallery.description && <p className="mt-4 max-w-3xl text-lg whitespace-pre-line text-slate-800">{gallery.description}</p>}
        <WhatsAppShareLink
          className="mt-4"
          title={gallery.name}
          message={gallery.whatsAppMessage}
          url={`${publicUrl}${galleryPagePath(slug ?? "")}`}
        />
        <PhotoGrid name={gallery.name} photos={gallery.photos} />
      </article>
    </main>
  );
}
