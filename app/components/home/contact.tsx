import { BrandIcon } from "#app/components/site/brand-icon.tsx";
import { SocialLinks } from "#app/components/site/social-links.tsx";
import { Button } from "#app/components/ui/button.tsx";
import type { HomeContent } from "#server/services/site-content.ts";
import { ContactFormWhenNear } from "./contact-form-when-near";
import { SectionHeading } from "./section-heading";
import { useBook, useMessages } from "#app/lib/i18n.ts";
import { homeEn } from "#core/i18n/home/en.ts";

export function Contact({ contact }: { contact: HomeContent["contact"] }) {
  const { nav } = useMessages();
  const { home } = useBook("home", homeEn);
  return (
    <section id="contact" aria-labelledby="contact-heading" className="bg-white py-16">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="contact-heading">{home.contactUs}</SectionHeading>
        <div className="mt-10 grid grid-cols-1 gap-10 lg:grid-cols-2">
          <ContactFormWhenNear />
          <div className="flex flex-col gap-6">
            <div>
              <h3 className="text-xl font-bold text-brand-900">{home.talkOnWhatsApp}</h3>
              <a
                href={contact.whatsappUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-3 inline-flex items-center gap-2 rounded-md font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-800"
              >
                <BrandIcon brand="whatsapp" className="size-6 text-green-700" />
                {home.messageOnWhatsApp}
                <span className="sr-only">{nav.opensInNewTab}</span>
              </a>
            </div>
            {contact.socialLinks.length > 0 && (
              <div>
                <h3 className="text-xl font-bold text-brand-900">{home.followUs}</h3>
                <SocialLinks links={contact.socialLinks} className="mt-3" />
              </div>
            )}
          </div>
        </div>
        <div className="mt-12 flex flex-col items-center justify-between gap-4 rounded-xl bg-green-800 px-6 py-8 text-white sm:flex-row">
          <p className="text-center text-2xl font-bold sm:text-start">{home.joinCommunity}</p>
          <Button asChild variant="accent">
            <a href={contact.communityUrl} target="_blank" rel="noopener noreferrer">
              <BrandIcon brand="whatsapp" className="size-5" />
              {home.joinTheCommunity}
              <span className="sr-only">{nav.opensInNewTab}</span>
            </a>
          </Button>
        </div>
      </div>
    </section>
  );
}
