import { ERROR_PAGE } from "#core/messages/common.ts";
import { MessagePage } from "#app/components/site/message-page.tsx";

/** Kept by the site's service worker (public/sw.js) at install, and shown for a page never opened once the network is gone. */
export const meta = () => [{ name: "robots", content: "noindex" }];

export default function OfflinePage() {
  const { title, text, link } = ERROR_PAGE.offline;
  // A full load: the home page may be kept on the phone even when its data for a link-follow is not.
  return <MessagePage title={title} text={text} link={{ label: link, to: "/", reloadDocument: true }} />;
}
