import { countOf } from "#core/count-of.ts";
import { MESSAGES_PAGE_SIZE, type MessageFilter, messageFilterQuery } from "#core/schemas/messages.ts";
import { href } from "react-router";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { MessageCard } from "./message-card";
import { ListFilterForm } from "./list-filter-form";
import { usePageSelection } from "./page-selection";
import { Pager } from "./pager";
import { SelectionBar } from "./selection-bar";
import { useConfirmedAction } from "#app/components/admin/forms/confirmed-action.ts";
import type { ListedMessage } from "#server/services/contact-messages.ts";
import type { Route } from "../../routes/admin/messages/+types/index";
import { INBOX_FAILED } from "#core/messages/inbox.ts";

/** One page of the inbox, as the messages page's loader sends it. */
export type MessagesPage = Route.ComponentProps["loaderData"]["messages"];

/**
 * 'Messages (N)' (N: every message held), the search, one page of messages newest first with their selection and
 * delete, or 'No messages yet.' when there are none at all.
 */
export function MessageList({ messages: list, filter, shortName }: { messages: MessagesPage; filter: MessageFilter; shortName: string }) {
  const { messages, total, matching, page, pages } = list;
  const selection = usePageSelection(messages.map((m) => m.id));
  const remove = useConfirmedAction<ListedMessage>({
    action: () => href("/admin/messages"),
    body: ({ id }) => ({ intent: "delete", "ids[0]": id }),
    toasts: { loading: INBOX_FAILED.deleting, failure: INBOX_FAILED.delete },
  });

  const first = (page - 1) * MESSAGES_PAGE_SIZE + 1;
  return (
    <section aria-labelledby="messages-heading" className="mt-6">
      <h1 id="messages-heading" className="text-2xl font-extrabold text-brand-900 sm:text-3xl">
        {`Messages (${total})`}
      </h1>
      {total === 0 ? (
        <p className="mt-16 text-center text-xl font-semibold text-slate-800">No messages yet.</p>
      ) : (
        <>
          <ListFilterForm
            action={href("/admin/messages")}
            label="Search messages"
            idPrefix="messages"
            q={filter.q}
            placeholder="Name, email or message"
            filtered={Boolean(filter.q)}
            exportHref={`${href("/admin/messages.csv")}${messageFilterQuery({ q: filter.q })}`}
            className="flex flex-col sm:flex-row sm:items-end"
          />
          <p className="mt-4 text-slate-800" role="status">
            {matching === 0
              ? "No message matches this search."
              : `Showing ${first}–${first + messages.length - 1} of ${countOf(matching, "message")}`}
          </p>
          {messages.length > 0 && (
            <SelectionBar
              selection={selection}
              deletion={{
                action: href("/admin/messages"),
                intent: "delete",
                title: (count) => `Delete ${countOf(count, "message")}?`,
                text: "This cannot be undone. The messages are removed from the site for good.",
                toasts: { loading: INBOX_FAILED.deletingMany, failure: INBOX_FAILED.deleteMany },
              }}
            />
          )}
          <ul className="mt-4 flex flex-col gap-4">
            {messages.map((message) => (
              <li key={message.id}>
                <MessageCard
                  message={message}
                  shortName={shortName}
                  selected={selection.isSelected(message.id)}
                  onSelect={(on) => selection.toggle(message.id, on)}
                  onDelete={() => remove.select(message)}
                />
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            pages={pages}
            label="Message pages"
            href={(to) => `${href("/admin/messages")}${messageFilterQuery({ ...filter, page: to })}`}
          />
        </>
      )}
      <ConfirmDialog
        {...remove.dialog}
        confirmLabel="Delete"
        confirmVariant="danger"
        title={`Delete the message from ${remove.selected?.name ?? "this sender"}?`}
      >
        This cannot be undone. The message is removed from the site for good.
      </ConfirmDialog>
    </section>
  );
}
