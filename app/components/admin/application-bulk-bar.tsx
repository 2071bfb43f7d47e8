import { countOf } from "#core/count-of.ts";
import { APPLICATION_STATUS_LABELS, APPLICATION_STATUSES } from "#core/schemas/applications.ts";
import { useRef, useState } from "react";
import { href, useFetcher } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { inputClass, Options } from "#app/components/ui/field.tsx";
import type { ActionAnswer } from "#app/lib/answer-message.ts";
import { useAnswerToasts } from "#app/components/admin/forms/answer-toasts.ts";
import type { PageSelection } from "./page-selection";
import { idsForm, SelectionBar } from "./selection-bar";
import { APPLICATIONS_FAILED } from "#core/messages/applications.ts";

/**
 * Select every request on the page, and what to do with the selected ones: set their status, or delete them (behind
 * the same confirmation as one).
 */
export function ApplicationBulkBar({ selection }: { selection: PageSelection }) {
  const fetcher = useFetcher<ActionAnswer>();
  const [status, setStatus] = useState("contacted");
  const selectAllBox = useRef<HTMLInputElement | null>(null);
  const busy = fetcher.state !== "idle";
  const { announce } = useAnswerToasts(fetcher.data, {
    loading: APPLICATIONS_FAILED.updatingStatus,
    failure: APPLICATIONS_FAILED.status,
    onSuccess: () => {
      selection.clear();
      // The buttons it was pressed with go with the selection: the keyboard carries on from "Select all".
      selectAllBox.current?.focus();
    },
  });

  return (
    <SelectionBar
      selection={selection}
      selectAllRef={selectAllBox}
      busy={busy}
      deletion={{
        action: href("/admin"),
        intent: "delete-selected",
        title: (count) => `Are you absolutely sure you want to delete ${countOf(count, "user")}?`,
        text: "This action cannot be undone. This will permanently delete the users' information and remove it from our servers.",
        toasts: { loading: APPLICATIONS_FAILED.deletingMany, failure: APPLICATIONS_FAILED.deleteMany },
      }}
    >
      <div className="flex items-center gap-2">
        <label htmlFor="bulk-status" className="sr-only">
          New status for the selected requests
        </label>
        <select id="bulk-status" value={status} onChange={(event) => setStatus(event.target.value)} className={`${inputClass} w-auto`}>
          <Options values={APPLICATION_STATUSES} labels={APPLICATION_STATUS_LABELS} />
        </select>
        <Button
          size="sm"
          className="whitespace-nowrap"
          disabled={busy}
          onClick={() => {
            const form = idsForm("set-status", selection.selectedIds);
            form.set("status", status);
            announce();
            void fetcher.submit(form, { method: "post", action: href("/admin") });
          }}
        >
          Set status
        </Button>
      </div>
    </SelectionBar>
  );
}
