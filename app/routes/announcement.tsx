import { useEffect } from "react";
import { href, isRouteErrorResponse, Link, type ShouldRevalidateFunction, useNavigate } from "react-router";
import { announcementPagePath } from "#core/public-pages.ts";
import { plainText } from "#core/text-parts.ts";
import { AnnouncementActions } from "#app/components/site/announcement-actions.tsx";
import { AnnouncementCard } from "#app/components/site/announcement-card.tsx";
import { BackButton } from "#app/components/site/back-button.tsx";
import { GetNotified } from "#app/components/site/get-notified.tsx";
import { requestLocale, useBook, useLocale } from "#app/lib/i18n.ts";
import { localizedPath } from "#core/i18n/locale.ts";
import { Button } from "#app/components/ui/button.tsx";
import { showToast } from "#app/components/ui/toasts.ts";
import { bookOf, pageMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/announcement";
import { servicesContext } from "#app/context.ts";
import { ANNOUNCEMENTS_FAILED } from "#core/messages/announcements.ts";
import { announcementsEn } from "#core/i18n/announcements/en.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const [announcements, pushPublicKey] = await Promise.all([
    services.announcements.listLive(requestLocale(request)),
    services.pushNotifications.publicKey(),
  ]);
  return { announcements, pushPublicKey };
}

/** "Get notified" posts elsewhere (/notifications), and changes nothing this page shows. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === href("/notifications") ? false : defaultShouldRevalidate;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const newest = loaderData?.announcements[0];
  const { announcements: words } = bookOf(matches, "announcements", announcementsEn);
  return pageMeta(matches, {
    title: words.title,
    description: newest ? plainText(newest.description).slice(0, 155) : words.description,
    path: "/announcement",
    preview: newest?.preview,
  });
}

export default function Announcements({ loaderData }: Route.ComponentProps) {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  const { announcements, pushPublicKey } = loaderData;
  const t = useBook("announcements", announcementsEn);
  const locale = useLocale();
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      {/* Get notified shares the Back button's row, so appearing once the page runs moves nothing below. */}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BackButton />
        <GetNotified publicKey={pushPublicKey} />
      </div>
      <h1 className="mt-6 text-3xl font-extrabold text-brand-900 sm:text-4xl">{t.announcements.title}</h1>
      <p className="mt-2 text-lg text-slate-700">{t.announcements.intro}</p>
      {announcements.length === 0 ? (
        <div className="mt-16 flex flex-col items-center gap-4 text-center">
          <p className="text-xl font-semibold text-slate-800">{t.announcements.none}</p>
          <Button asChild>
            <Link to={localizedPath("/", locale)}>{t.announcements.goBack}</Link>
          </Button>
        </div>
      ) : (
        <ul className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
          {announcements.map((announcement, index) => (
            <li key={announcement.id}>
              <AnnouncementCard
                announcement={announcement}
                position={index + 1}
                priority={index === 0}
                href={localizedPath(announcementPagePath(announcement.id), locale)}
              >
                <AnnouncementActions announcement={announcement} stacked />
              </AnnouncementCard>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

/** SPEC 8: a failed load shows the message (or the spec's wording, spelling and all) and goes back one page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const navigate = useNavigate();
  useEffect(() => {
    const message = isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error.data : ANNOUNCEMENTS_FAILED.fetch;
    showToast.error(message);
    const hasHistory = Boolean((window.history.state as { idx?: number } | null)?.idx);
    if (hasHistory) void navigate(-1);
    else void navigate("/", { replace: true });
  }, [error, navigate]);
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-extrabold text-brand-900">Announcements</h1>
    </main>
  );
}
