import { countOf } from "#core/count-of.ts";
import { href } from "react-router";
import { SelectionBar } from "./selection-bar";
import { INBOX_FAILED } from "#core/messages/inbox.ts";

/** Select every message on the page, and delete the selected ones (behind a confirmation). */
export function MessageBulkBar(props: {
  pageIds: readonly string[];
  selectedIds: readonly string[];
  onSelectAll: (on: boolean) => void;
  onDone: () => void;
}) {
  return (
    <SelectionBar
      {...props}
      deletion={{
        action: href("/admin/messages"),
        intent: "delete",
        title: (count) => `Delete ${countOf(count, "message")}?`,
        text: "This cannot be undone. The messages are removed from the site for good.",
        toasts: { loading: INBOX_FAILED.deletingMany, failure: INBOX_FAILED.deleteMany },
      }}
    />
  );
}
