import { Tabs } from "radix-ui";
import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { BackButton } from "~/components/site/back-button";
import { PhotoSlider } from "~/components/site/photo-slider";
import { useRevealOnScroll } from "~/hooks/use-reveal-on-scroll";
import { pageMeta } from "~/lib/page-meta";
import type { Route } from "./+types/events-and-activities";

export function loader({ context }: Route.LoaderArgs) {
  return context.services.content.eventGalleries();
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "Events & Activities",
    description: "Explore our vibrant journey through academic, cultural and community-building events.",
    path: "/events-and-activities",
  });
}

type Tab = "events" | "activities";
const tabTriggerClass =
  "border-b-4 border-transparent px-4 py-3 text-lg font-bold text-slate-700 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-800 data-[state=active]:border-brand-800 data-[state=active]:text-brand-900";

export default function EventsAndActivities({ loaderData }: Route.ComponentProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: Tab = searchParams.get("tab") === "activities" ? "activities" : "events";
  const mainRef = useRef<HTMLElement>(null);
  useRevealOnScroll(mainRef);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  const groups = (list: typeof loaderData.events, eager: boolean) => (
    <div className="flex flex-col gap-12">
      {list.map((group, index) => (
        <section key={group.name} aria-labelledby={`group-${tab}-${index}`} data-reveal="fade-up" data-revealed="">
          <h2 id={`group-${tab}-${index}`} className="mb-4 text-2xl font-bold text-brand-900">
            {group.name}
          </h2>
          <PhotoSlider name={group.name} photos={group.photos} eager={eager && index === 0} />
        </section>
      ))}
    </div>
  );

  return (
    <main ref={mainRef} className="mx-auto max-w-7xl px-4 py-8">
      <BackButton />
      <h1 className="mt-6 text-3xl font-extrabold text-brand-900 sm:text-4xl">Events &amp; Activities</h1>
      <p className="mt-2 text-lg text-slate-700">Explore our vibrant journey through academic, cultural and community-building events.</p>
      <Tabs.Root
        value={tab}
        onValueChange={(value) =>
          setSearchParams(value === "activities" ? { tab: "activities" } : {}, { replace: true, preventScrollReset: true })
        }
        className="mt-8"
      >
        <Tabs.List aria-label="Events and activities" className="flex gap-2 border-b border-slate-200">
          <Tabs.Trigger value="events" className={tabTriggerClass}>
            Events
          </Tabs.Trigger>
          <Tabs.Trigger value="activities" className={tabTriggerClass}>
            Activities
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="events" className="mt-8 focus-visible:outline-2 focus-visible:outline-brand-800">
          {groups(loaderData.events, true)}
        </Tabs.Content>
        <Tabs.Content value="activities" className="mt-8 focus-visible:outline-2 focus-visible:outline-brand-800">
          {groups(loaderData.activities, true)}
        </Tabs.Content>
      </Tabs.Root>
    </main>
  );
}
