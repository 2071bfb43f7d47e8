import { useEffect } from "react";
import { About } from "#app/components/home/about.tsx";
import { Collaborators } from "#app/components/home/collaborators.tsx";
import { Contact } from "#app/components/home/contact.tsx";
import { Hero } from "#app/components/home/hero.tsx";
import { Resources } from "#app/components/home/resources.tsx";
import { BloodDonors } from "#app/components/home/blood-donors.tsx";
import { pageMeta } from "#app/lib/page-meta.ts";
import type { Route } from "./+types/home";
import { servicesContext } from "#app/context.ts";
import { requestLocale } from "#app/lib/i18n.ts";

export function loader({ context, request }: Route.LoaderArgs) {
  return context.get(servicesContext).content.home(requestLocale(request));
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: loaderData.hero.tagline,
    description: loaderData.hero.heroText,
    path: "/",
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  // SPEC 2: the home page opens at the top, unless the visitor came for a section (/#contact).
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, []);
  return (
    <main>
      <Hero hero={loaderData.hero} />
      <About about={loaderData.about} />
      <Collaborators collaborators={loaderData.collaborators} />
      <Resources resources={loaderData.resources} />
      <BloodDonors />
      <Contact contact={loaderData.contact} />
    </main>
  );
}
