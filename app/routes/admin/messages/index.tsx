import { messageFilterOf } from "#core/schemas/messages";
import { href, Link } from "react-router";
import { LogoutButton, MessagesLink } from "~/components/admin/admin-toolbar";
import { MessagesPanel } from "~/components/admin/messages-panel";
import { Button } from "~/components/ui/button";
import { servicesContext } from "~/context";
import type { Route } from "./+types/index";

/** /admin/messages: the contact messages, newest first, with search, paging, Reply, delete and the CSV export. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const filter = messageFilterOf(new URL(request.url).searchParams);
  const [messages, unreadMessages, chrome] = await Promise.all([
    services.contactMessages.listPage(filter),
    services.contactMessages.unreadCount(),
    services.content.chrome(),
  ]);
  return { messages, filter, unreadMessages, shortName: chrome.shortName };
}

export function meta() {
  return [{ title: "Messages" }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to={href("/admin")}>Admin panel</Link>
        </Button>
        <div className="ml-auto flex flex-wrap gap-2">
          <MessagesLink unread={loaderData.unreadMessages} />
          <LogoutButton />
        </div>
      </div>
      <MessagesPanel messages={loaderData.messages} filter={loaderData.filter} shortName={loaderData.shortName} />
    </main>
  );
}
