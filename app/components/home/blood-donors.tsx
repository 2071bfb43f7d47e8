import { Droplet } from "lucide-react";
import { href, Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { SectionHeading } from "./section-heading";
import { useBook } from "#app/lib/i18n.ts";
import { homeEn } from "#core/i18n/home/en.ts";

/** The home page's way to the blood-donor registry, with the sentence the page always shows. */
export function BloodDonors() {
  const { home } = useBook("home", homeEn);
  return (
    <section id="blood-donors" aria-labelledby="blood-donors-heading" className="mx-auto max-w-3xl px-4 py-12 text-center">
      <SectionHeading id="blood-donors-heading">{home.bloodDonors}</SectionHeading>
      <p className="mt-6 text-lg text-slate-800">{home.bloodDonorsText}</p>
      <Button asChild className="mt-6">
        <Link to={href("/blood-donors")}>
          <Droplet className="size-5" aria-hidden />
          {home.becomeBloodDonor}
        </Link>
      </Button>
      <p className="mt-4 text-sm font-semibold text-slate-700">{home.noMoneyForBlood}</p>
    </section>
  );
}
