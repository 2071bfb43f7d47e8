import { MessagePage } from "#app/components/site/message-page.tsx";
import { useLocale, useMessages } from "#app/lib/i18n.ts";
import { localizedPath } from "#core/i18n/locale.ts";

/**
 * Kept by the site's service worker (public/sw.js) at install, in English and in Urdu, and shown for a page never opened
 * once the network is gone.
 */
export const meta = () => [{ name: "robots", content: "noindex" }];

export default function OfflinePage() {
  const { offline } = useMessages();
  const locale = useLocale();
  // A full load: the home page may be kept on the phone even when its data for a link-follow is not.
  return (
    <MessagePage
      title={offline.title}
      text={offline.text}
      link={{ label: offline.link, to: localizedPath("/", locale), reloadDocument: true }}
    />
  );
}
