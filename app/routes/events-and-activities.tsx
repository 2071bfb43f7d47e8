import { useEffect, useRef, useState } from "react";
import { Link, type ShouldRevalidateFunction, useSearchParams } from "react-router";
import { BackButton } from "#app/components/site/back-button.tsx";
import { PhotoSlider } from "#app/components/site/photo-slider.tsx";
import { Tabs } from "#app/components/ui/tabs.tsx";
import { useRevealOnScroll } from "#app/hooks/use-reveal-on-scroll.ts";
import { bookOf, pageMeta } from "#app/lib/page-meta.ts";
import { requestLocale, useBook, useLocale } from "#app/lib/i18n.ts";
import { localizedPath } from "#core/i18n/locale.ts";
import type { Route } from "./+types/events-and-activities";
import { servicesContext } from "#app/context.ts";
import { galleriesEn } from "#core/i18n/galleries/en.ts";

export function loader({ context, request }: Route.LoaderArgs) {
  return context.get(servicesContext).content.eventGalleries(requestLocale(request));
}

/** Both tabs' groups come with the page: a tab switch, which changes only the query, shows them without asking again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  !formMethod && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export function meta({ matches }: Route.MetaArgs) {
  const { events } = bookOf(matches, "galleries", galleriesEn);
  return pageMeta(matches, { title: events.title, description: events.intro, path: "/events-and-activities" });
}

const TABS = ["events", "activities"] as const;
type Tab = (typeof TABS)[number];
const tabTriggerClass =
  "border-b-4 border-transparent px-4 py-3 text-lg font-bold text-slate-700 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-800 data-[state=active]:border-brand-800 data-[state=active]:text-brand-900";

type Groups = Route.ComponentProps["loaderData"]["events"];

/** One tab's groups, each headed by its name (a link to its page) over its photo slider, fading in as it is seen. */
function GroupList({ tab, groups, switched }: { tab: Tab; groups: Groups; switched: boolean }) {
  const listRef = useRef<HTMLDivElement>(null);
  const locale = useLocale();
  // Shown by a tab switch, the groups in view fade in as they would when scrolled to.
  useRevealOnScroll(listRef, { startHidden: switched });
  return (
    <div ref={listRef} className="flex flex-col gap-12">
      {groups.map((group, index) => (
        <section key={group.name} aria-labelledby={`group-${tab}-${index}`} data-reveal="fade-up" data-revealed="">
          <h2 id={`group-${tab}-${index}`} className="mb-4 text-2xl font-bold text-brand-900">
            {/* Its own page: the date, the description and every photo in a grid. */}
            <Link
              to={localizedPath(group.path, locale)}
              className="rounded-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-800"
            >
              {group.name}
            </Link>
          </h2>
          <PhotoSlider name={group.name} photos={group.photos} eager={index === 0} />
        </section>
      ))}
    </div>
  );
}

export default function EventsAndActivities({ loaderData }: Route.ComponentProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get("tab") === "activities" ? "activities" : "events";
  const [switched, setSwitched] = useState(false);
  const t = useBook("galleries", galleriesEn);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <BackButton />
      <h1 className="mt-6 text-3xl font-extrabold text-brand-900 sm:text-4xl">{t.events.title}</h1>
      <p className="mt-2 text-lg text-slate-700">{t.events.intro}</p>
      <Tabs
        label={t.events.tabs}
        value={tab}
        onChange={(value) => {
          setSwitched(true);
          setSearchParams(value === "activities" ? { tab: "activities" } : {}, { replace: true, preventScrollReset: true });
        }}
        tabs={TABS.map((value) => ({
          value,
          label: t.events[value],
          panel: <GroupList tab={value} groups={loaderData[value]} switched={switched} />,
        }))}
        className="mt-8"
        listClassName="flex gap-2 border-b border-slate-200"
        tabClassName={tabTriggerClass}
        panelClassName="mt-8 focus-visible:outline-2 focus-visible:outline-brand-800"
      />
    </main>
  );
}
