import { useEffect } from "react";
import { href, isRouteErrorResponse, Link, type ShouldRevalidateFunction, useNavigate } from "react-router";
import { announcementPagePath } from "#core/public-pages.ts";
import { plainText } from "#core/text-parts.ts";
import { AnnouncementActions } from "#app/components/site/announcement-actions.tsx";
import { AnnouncementCard } from "#app/components/site/announcement-card.tsx";
import { BackButton } from "#app/components/site/back-button.tsx";
import { GetNotified } from "#app/components/site/get-notified.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { showToast } from "#app/components/ui/toasts.ts";
import { pageMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/announcement";
import { servicesContext } from "#app/context.ts";
import { ANNOUNCEMENTS_FAILED } from "#core/messages/announcements.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const [announcements, pushPublicKey] = await Promise.all([services.announcements.listLive(), services.pushNotifications.publicKey()]);
  return { announcements, pushPublicKey };
}

/** "Get notified" posts elsewhere (/notifications), and changes nothing this page shows. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === href("/notifications") ? false : defaultShouldRevalidate;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const newest = loaderData?.announcements[0];
  return pageMeta(matches, {
    title: "Announcements",
    description: newest ? plainText(newest.description).slice(0, 155) : "The society's latest announcements, with links to register.",
    path: "/announcement",
    preview: newest?.preview,
  });
}

export default function Announcements({ loaderData }: Route.ComponentProps) {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  const { announcements, pushPublicKey } = loaderData;
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <BackButton />
      <h1 className="mt-6 text-3xl font-extrabold text-brand-900 sm:text-4xl">Announcements</h1>
      <p className="mt-2 text-lg text-slate-700">Stay up to date with the latest news, events and opportunities from our society.</p>
      <GetNotified publicKey={pushPublicKey} />
      {announcements.length === 0 ? (
        <div className="mt-16 flex flex-col items-center gap-4 text-center">
          <p className="text-xl font-semibold text-slate-800">No announcement available.</p>
          <Button asChild>
            <Link to="/">Go Back</Link>
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
                href={announcementPagePath(announcement.id)}
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
