import { MessageCircle } from "lucide-react";
import { whatsAppShareUrl } from "#core/whatsapp.ts";
import { Button } from "#app/components/ui/button.tsx";
import { useBook, useMessages } from "#app/lib/i18n.ts";
import { announcementsEn } from "#core/i18n/announcements/en.ts";

/**
 * Share on WhatsApp: a plain link to `wa.me` with `message` (written on the server: core/whatsapp.ts) and the page's
 * address `url`, so it works before scripts run and without them; opened in a new tab, where WhatsApp takes over.
 */
export function WhatsAppShareLink({ title, message, url, className }: { title: string; message: string; url: string; className?: string }) {
  const { nav } = useMessages();
  const { announcements: words } = useBook("announcements", announcementsEn);
  return (
    <Button asChild variant="outline" className={className}>
      <a
        href={whatsAppShareUrl(message, url)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`${words.shareOnWhatsApp}: ${title} ${nav.opensInNewTab}`}
      >
        <MessageCircle className="size-4" aria-hidden />
        {words.shareOnWhatsApp}
      </a>
    </Button>
  );
}
