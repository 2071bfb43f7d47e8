import { Pin } from "lucide-react";
import { data } from "react-router";
import { announcementPagePath } from "#core/public-pages.ts";
import { plainText } from "#core/text-parts.ts";
import { AnnouncementActions } from "#app/components/site/announcement-actions.tsx";
import { EventDetails } from "#app/components/site/announced-event.tsx";
import { BackButton } from "#app/components/site/back-button.tsx";
import { LinkedText } from "#app/components/site/linked-text.tsx";
import { Picture } from "#app/components/site/picture.tsx";
import { pageMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/announcement-page";
import { servicesContext } from "#app/context.ts";
import { requestLocale } from "#app/lib/i18n.ts";
import { NOT_FOUND } from "#core/messages/common.ts";

/** One live announcement's own page, the address its Share button and the feed give. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const announcement = await context.get(servicesContext).announcements.findLive(params.id, requestLocale(request));
  if (!announcement) throw data(NOT_FOUND, { status: 404 });
  return { announcement };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { announcement } = loaderData;
  return pageMeta(matches, {
    title: announcement.heading,
    description: plainText(announcement.description).slice(0, 155),
    path: announcementPagePath(announcement.id),
    preview: announcement.preview,
  });
}

export default function AnnouncementPage({ loaderData: { announcement } }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <BackButton fallback="/announcement" />
      <article aria-labelledby="announcement-heading" className="mt-6 flex flex-col gap-4">
        <h1 id="announcement-heading" className="flex items-start gap-2 text-3xl font-extrabold break-words text-brand-900 sm:text-4xl">
          {announcement.pinned && (
            <>
              <Pin className="mt-2 size-6 shrink-0 text-brand-800" aria-hidden />
              <span className="sr-only">Pinned: </span>
            </>
          )}
          {announcement.heading}
        </h1>
        {announcement.publishedAt && (
          <p className="text-slate-700">
            Published <time dateTime={announcement.publishedAt}>{announcement.publishedText}</time>
          </p>
        )}
        {announcement.image && (
          <Picture
            image={announcement.image}
            sizes="(min-width: 768px) 736px, 100vw"
            priority
            className="block w-full overflow-hidden rounded-xl bg-slate-100"
            imgClassName="h-auto w-full"
          />
        )}
        <p className="text-lg break-words whitespace-pre-line text-slate-800">
          <LinkedText parts={announcement.description} />
        </p>
        {announcement.event && <EventDetails event={announcement.event} />}
        <AnnouncementActions announcement={announcement} />
      </article>
    </main>
  );
}
