import { messageFilterOf } from "#core/schemas/messages";
import { MessagesPanel } from "~/components/admin/messages-panel";
import { servicesContext } from "~/context";
import type { Route } from "./+types/index";

/** /admin/messages: the contact messages, newest first, with search, paging, Reply, delete and the CSV export. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const filter = messageFilterOf(new URL(request.url).searchParams);
  const [messages, chrome] = await Promise.all([services.contactMessages.listPage(filter), services.content.chrome()]);
  return { messages, filter, shortName: chrome.shortName };
}

export function meta() {
  return [{ title: "Messages" }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-5xl px-4 py-8">
      <MessagesPanel messages={loaderData.messages} filter={loaderData.filter} shortName={loaderData.shortName} />
    </main>
  );
}
