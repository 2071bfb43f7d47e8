import { useEffect } from "react";
import { About } from "~/components/home/about";
import { Collaborators } from "~/components/home/collaborators";
import { Contact } from "~/components/home/contact";
import { Hero } from "~/components/home/hero";
import { Resources } from "~/components/home/resources";
import { contactOutcome } from "~/components/home/contact-form";
import { loadHomeContent } from "~/lib/home-content.server";
import { pageMeta } from "~/lib/page-meta";
import type { SiteChrome } from "~/lib/site-chrome.server";
import type { Route } from "./+types/home";

export function loader({ context, request }: Route.LoaderArgs) {
  // After a contact message posted without JavaScript, /contact sends the browser back here with the outcome.
  return { ...loadHomeContent(context), contactOutcome: contactOutcome(new URL(request.url).searchParams.get("contact")) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const chrome = matches[0]?.loaderData as SiteChrome | undefined;
  return pageMeta(chrome, {
    title: chrome ? `${chrome.siteName} | ${loaderData.hero.tagline}` : loaderData.hero.tagline,
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
      <Contact contact={loaderData.contact} outcome={loaderData.contactOutcome} />
    </main>
  );
}
