import { useRef } from "react";
import { Picture } from "#app/components/site/picture.tsx";
import { useRevealOnScroll } from "#app/hooks/use-reveal-on-scroll.ts";
import type { HomeContent } from "#server/services/site-content.ts";
import { SectionHeading } from "./section-heading";
import { useBook } from "#app/lib/i18n.ts";
import { homeEn } from "#core/i18n/home/en.ts";

/** SPEC 9: goals zoom in 100 ms apart, team cards flip in 80 ms apart. */
const GOAL_DELAY_MS = 100;
const TEAM_DELAY_MS = 80;

export function About({ about }: { about: HomeContent["about"] }) {
  const sectionRef = useRef<HTMLElement>(null);
  useRevealOnScroll(sectionRef);
  const { home } = useBook("home", homeEn);
  return (
    <section id="about" ref={sectionRef} aria-labelledby="about-heading" className="mx-auto max-w-7xl px-4 py-16">
      <SectionHeading id="about-heading">{home.aboutUs}</SectionHeading>
      <p className="mx-auto mt-6 max-w-3xl text-center text-lg text-slate-700">{about.mission}</p>

      {about.goals.length > 0 && (
        <>
          <h3 className="mt-16 text-center text-2xl font-bold text-brand-900 sm:text-3xl">{home.ourGoals}</h3>
          <ol className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
            {about.goals.map((goal, index) => (
              <li
                // Titles may repeat (the admin edits them); the lists are drawn once per page, so a position is a stable key.
                key={`${index}:${goal.title}`}
                data-reveal="zoom-in"
                style={{ transitionDelay: `${GOAL_DELAY_MS * index}ms` }}
                className="hover-sweep rounded-xl border border-brand-100 bg-white p-6 shadow-sm"
              >
                <span
                  className="flex size-10 items-center justify-center rounded-full bg-brand-800 text-lg font-bold text-white"
                  aria-hidden
                >
                  {index + 1}
                </span>
                <h4 className="mt-4 text-lg font-bold text-brand-900">
                  <span className="sr-only">Goal {index + 1}: </span>
                  {goal.title}
                </h4>
                <p className="mt-2 text-slate-700">{goal.description}</p>
              </li>
            ))}
          </ol>
        </>
      )}

      <h3 className="mt-20 text-center text-2xl font-bold text-brand-900 sm:text-3xl">{home.ourTeam}</h3>
      <article className="hover-sweep mx-auto mt-8 flex max-w-4xl flex-col items-center gap-6 rounded-xl border border-brand-100 bg-white p-6 shadow-sm sm:flex-row sm:items-start">
        <Picture
          image={about.president.photo}
          sizes="160px"
          className="block size-40 shrink-0 overflow-hidden rounded-full ring-4 ring-brand-100"
          imgClassName="size-40 object-cover"
        />
        <div>
          <h4 className="text-xl font-bold text-brand-900">{about.president.name}</h4>
          <p className="font-semibold text-brand-700">{about.president.title}</p>
          <p className="mt-3 whitespace-pre-line text-slate-700">{about.president.message}</p>
        </div>
      </article>

      {about.team.length > 0 && (
        <ul className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {about.team.map((member, index) => (
            <li
              key={`${index}:${member.title}`}
              data-reveal="flip-left"
              style={{ transitionDelay: `${TEAM_DELAY_MS * index}ms` }}
              className="hover-sweep flex flex-col items-center rounded-xl border border-brand-100 bg-white p-6 text-center shadow-sm"
            >
              {member.image ? (
                <Picture
                  image={member.image}
                  sizes="112px"
                  className="block size-28 overflow-hidden rounded-full ring-4 ring-brand-100"
                  imgClassName="size-28 object-cover"
                />
              ) : (
                <span
                  aria-hidden
                  className="flex size-28 items-center justify-center rounded-full bg-brand-800 text-5xl font-bold text-white"
                >
                  {member.name.trim().charAt(0).toUpperCase()}
                </span>
              )}
              <h4 className="mt-4 text-lg font-bold text-brand-900">{member.title}</h4>
              <p className="font-semibold text-brand-700">{member.name}</p>
              {member.description && <p className="mt-3 whitespace-pre-line text-slate-700">{member.description}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
