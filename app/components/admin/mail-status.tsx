import type { OutboxCounts } from "../../../server/repos/mail-outbox";

/**
 * How the notification mails stand (join and contact mails wait in an outbox until delivered): the admin learns
 * that mail is late or failed here, instead of from an applicant who heard nothing.
 */
export function MailStatus({ counts }: { counts: OutboxCounts | undefined }) {
  if (!counts) return <p className="text-sm text-slate-700">Notification mails: status unavailable right now.</p>;
  if (counts.waiting === 0 && counts.dead === 0) return <p className="text-sm text-slate-700">Notification mails: all delivered.</p>;
  return (
    <p className="text-sm text-slate-700" data-testid="mail-status">
      Notification mails:{" "}
      {counts.waiting > 0 && <span className="font-semibold text-amber-800">{`${counts.waiting} waiting to be sent`}</span>}
      {counts.waiting > 0 && counts.dead > 0 && ", "}
      {counts.dead > 0 && (
        <span className="font-semibold text-red-700">{`${counts.dead} could not be delivered (see the server log)`}</span>
      )}
    </p>
  );
}
