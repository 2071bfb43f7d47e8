import { useEffect } from "react";
import { About } from "~/components/home/about";
import { Collaborators } from "~/components/home/collaborators";
import { Contact } from "~/components/home/contact";
import { Hero } from "~/components/home/hero";
import { Resources } from "~/components/home/resources";
import { pageMeta } from "~/lib/page-meta";
import type { Route } from "./+types/home";
import { servicesContext } from "~/context";

export function loader({ context }: Route.LoaderArgs) {
  return context.get(servicesContext).content.home();
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
      <Contact contact={loaderData.contact} />
    </main>
  );
}
