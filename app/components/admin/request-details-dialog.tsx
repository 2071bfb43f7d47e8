import { listEntries } from "#core/schemas/join";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import type { JoinRequest } from "./requests-panel";

/** How many answers are free text; the rest are lists the applicant typed as chips (joined with ", "). */
const PLAIN_ANSWERS = 4;

/** SPEC 2, "View Full Details". Answers stored as unparsable text arrive as an empty list. */
export function RequestDetailsDialog({ application, onClose }: { application: JoinRequest | undefined; onClose: () => void }) {
  return (
    <Dialog open={application !== undefined} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        {application && (
          <>
            <DialogTitle>{application.fullname}</DialogTitle>
            <DialogDescription className="sr-only">The applicant's answers to the join questions.</DialogDescription>
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
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
