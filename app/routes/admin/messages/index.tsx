import { parseWithZod } from "@conform-to/zod/v4";
import type { RouteHandle } from "#core/route-handle.ts";
import { messageFilterOf, messagesActionSchema } from "#core/schemas/messages.ts";
import { MessageList } from "#app/components/admin/message-list.tsx";
import { writeGuardsFor } from "#app/lib/admin-guards.server.ts";
import { doneAnswer, formAnswer, pageAction, readForm } from "#app/lib/forms.server.ts";
import { INBOX_DONE } from "#core/messages/inbox.ts";
import { goneMessage } from "#core/messages/common.ts";
import { adminContext, servicesContext } from "#app/context.ts";
import type { Route } from "./+types/index";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";

export const handle = { recentPassword: ["delete"] } as const satisfies RouteHandle;

/** Beyond the admin layouts' checks: a delete asks for a password entered in the last 10 minutes. */
export const middleware: Route.MiddlewareFunction[] = [writeGuardsFor(handle)];

/** /admin/messages: the contact messages, newest first, with search, paging, Reply, delete and the CSV export. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const filter = messageFilterOf(new URL(request.url).searchParams);
  const [messages, chrome] = await Promise.all([services.contactMessages.listPage(filter), services.content.chrome()]);
  return { messages, filter, shortName: chrome.shortName };
}

/** `mark-read`: the admin opened a message, which counts as read from now on. `delete`: one message or the selected ones. */
export const action = pageAction(async ({ request, context }: Route.ActionArgs) => {
  const submission = parseWithZod(await readForm(request), { schema: messagesActionSchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  const { contactMessages } = context.get(servicesContext);
  const gone = () => formAnswer(submission.reply({ formErrors: [goneMessage("message")] }), 404);
  const asked = submission.value;
  if (asked.intent === "mark-read") return (await contactMessages.markRead(asked.id)) ? formAnswer(submission.reply()) : gone();
  const deleted = await contactMessages.delete(asked.ids, context.get(adminContext).admin.id);
  return deleted > 0 ? doneAnswer(submission.reply(), INBOX_DONE.deleted(asked.ids.length), { deleted }) : gone();
});

export const meta = () => unlistedPageMeta("Messages");

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-5xl px-4 py-8">
      <MessageList messages={loaderData.messages} filter={loaderData.filter} shortName={loaderData.shortName} />
    </main>
  );
}
