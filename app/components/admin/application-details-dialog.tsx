import { listEntries } from "#core/schemas/join.ts";
import { useEffect, useState } from "react";
import { href, useFetcher } from "react-router";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#app/components/ui/dialog.tsx";
import { FormMessage } from "#app/components/ui/field.tsx";
import { ContactRows } from "./application-card";
import { ApplicationStatusBadge } from "./application-status-badge";
import { ApplicationHistory, ApplicationNoteForm, ApplicationStatusForm } from "./application-workflow";
import type { ListedApplication } from "#server/services/applications.ts";
import type { loader as applicationDetailsLoader } from "#app/routes/admin/requests/details.ts";

/** How many answers are free text; the rest are lists the applicant typed as chips (joined with ", "). */
const PLAIN_ANSWERS = 4;

/**
 * SPEC 2, "View Full Details", with the committee's work on the request: its status, internal notes and their history.
 * Answers stored as unparsable text arrive as an empty list.
 */
export function ApplicationDetailsDialog({
  application,
  localAddressLabel,
  onClose,
}: {
  /** The request as the list showed it when the dialog opened; none while closed. */
  application: ListedApplication | undefined;
  localAddressLabel: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={application !== undefined} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        {application && <RequestDetails key={application.id} listed={application} localAddressLabel={localAddressLabel} />}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The request read on its own (with its history) when the dialog opens and again after every change, so the dialog
 * shows it as it now is even once a change has taken it off the list's page (set to Contacted under the New filter).
 */
function RequestDetails({ listed, localAddressLabel }: { listed: ListedApplication; localAddressLabel: string }) {
  const details = useFetcher<typeof applicationDetailsLoader>();
  const { load } = details;
  useEffect(() => {
    void load(href("/admin/requests/:id", { id: encodeURIComponent(listed.id) }));
  }, [listed.id, load]);
  // Idle with no data is also how the fetcher starts, before the load above: only once it has been busy does idle
  // without data mean the load failed.
  const [asked, setAsked] = useState(false);
  if (!asked && details.state !== "idle") setAsked(true);
  const loaded = details.data && "application" in details.data ? details.data : undefined;
  const gone = details.data && "gone" in details.data ? details.data.gone : undefined;
  const application = loaded?.application ?? listed;

  return (
    <>
      <DialogTitle>{application.fullname}</DialogTitle>
      <DialogDescription className="sr-only">
        The applicant's details and answers, the request's status, notes and history.
      </DialogDescription>
      {gone && (
        <div className="mt-2">
          <FormMessage>{gone}</FormMessage>
        </div>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-2 text-slate-800">
        <ApplicationStatusBadge status={application.status} />
        <span>
          {"Submitted "}
          <time dateTime={application.createdAt}>{application.submitted}</time>
        </span>
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5">
        <ContactRows application={application} localAddressLabel={localAddressLabel} />
      </dl>
      <div className="mt-4">
        <ApplicationStatusForm key={`${application.id}-${application.status}`} id={application.id} status={application.status} />
      </div>
      <h3 className="mt-4 text-lg font-bold text-brand-900">Answers</h3>
      <ol className="mt-2 flex flex-col gap-4">
        {application.answers.map((entry, index) => {
          const list = listEntries(entry.answer);
          return (
            <li key={index} className="rounded-md border border-slate-200 p-3">
              <p className="font-semibold text-slate-900">{entry.question}</p>
              {index < PLAIN_ANSWERS ? (
                <p className="mt-1 whitespace-pre-line break-words text-slate-700">{entry.answer}</p>
              ) : list.length === 0 ? (
                <p className="mt-1 text-slate-700 italic">User did not provide answer of this question</p>
              ) : (
                <ul className="mt-2 flex flex-wrap gap-2" aria-label={`Answers to: ${entry.question}`}>
                  {list.map((chip, chipIndex) => (
                    <li
                      key={chipIndex}
                      data-testid="answer-chip"
                      className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-900"
                    >
                      {chip}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
      <div className="mt-6 flex flex-col gap-6">
        <ApplicationNoteForm id={application.id} />
        <ApplicationHistory
          id={application.id}
          activity={loaded?.activity}
          failed={asked && details.state === "idle" && !gone && !loaded}
        />
      </div>
    </>
  );
}
