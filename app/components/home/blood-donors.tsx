import { Droplet } from "lucide-react";
import { href, Link } from "react-router";
import { NO_MONEY_FOR_BLOOD } from "#core/messages/common.ts";
import { Button } from "#app/components/ui/button.tsx";
import { SectionHeading } from "./section-heading";

/** The home page's way to the blood-donor registry, with the sentence the page always shows. */
export function BloodDonors() {
  return (
    <section id="blood-donors" aria-labelledby="blood-donors-heading" className="mx-auto max-w-3xl px-4 py-12 text-center">
      <SectionHeading id="blood-donors-heading">Blood donors</SectionHeading>
      <p className="mt-6 text-lg text-slate-800">
        When a patient needs blood, the society's coordinators ask registered donors of a compatible group nearby. Join the registry and be
        the one who is asked.
      </p>
      <Button asChild className="mt-6">
        <Link to={href("/blood-donors")}>
          <Droplet className="size-5" aria-hidden />
          Become a blood donor
        </Link>
      </Button>
      <p className="mt-4 text-sm font-semibold text-slate-700">{NO_MONEY_FOR_BLOOD}</p>
    </section>
  );
}
