import { Picture } from "#app/components/site/picture.tsx";
import type { HomeContent } from "#server/services/site-content.ts";
import { SectionHeading } from "./section-heading";
import { useBook } from "#app/lib/i18n.ts";
import { homeEn } from "#core/i18n/home/en.ts";

/** The "Our Collaborator" cards; no section at all while there are none. */
export function Collaborators({ collaborators }: { collaborators: HomeContent["collaborators"] }) {
  const { home } = useBook("home", homeEn);
  if (collaborators.length === 0) return null;
  return (
    <section id="collaborator" aria-labelledby="collaborator-heading" className="bg-white py-16">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="collaborator-heading">{home.ourCollaborator}</SectionHeading>
        <ul className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {collaborators.map((collaborator, index) => (
            <li
              key={`${index}:${collaborator.name}`}
              className="hover-sweep flex flex-col items-center rounded-xl border border-brand-100 bg-stone-50 p-6 text-center"
            >
              <Picture image={collaborator.image} sizes="160px" className="block h-28 w-40" imgClassName="h-28 w-40 object-contain" />
              <h3 className="mt-4 text-lg font-bold text-brand-900">
                {collaborator.url ? (
                  <a href={collaborator.url} target="_blank" rel="noopener noreferrer" className="underline-offset-4 hover:underline">
                    {collaborator.name}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                ) : (
                  collaborator.name
                )}
              </h3>
              <p className="mt-2 text-slate-700">{collaborator.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
