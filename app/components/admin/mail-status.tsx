import { clsx } from "clsx";
import { href, Link } from "react-router";
import { ActionButton } from "#app/components/admin/forms/action-button.tsx";
import type { ActionAnswer } from "#app/lib/answer-message.ts";
import type { MailConfig } from "#server/config.ts";
import type { OutboxCounts } from "#server/repos/mail-outbox.ts";
import type { MailSettings } from "#server/services/mail-settings.ts";
import { MAIL_DONE, MAIL_FAILED } from "#core/messages/mail.ts";

const TRANSPORT_NAMES = { smtp: "SMTP", emailjs: "EmailJS" } as const;

/**
 * How the mails leave the site and how they stand (every mail waits in an outbox until delivered): the admin learns
 * here that mail goes nowhere, is late or failed, instead of from an applicant who heard nothing.
 */
export function MailStatus({
  counts,
  transport,
  fileDir,
  notification,
}: {
  counts: OutboxCounts | undefined;
  transport: MailConfig["transport"]["kind"];
  /** Where the mails are written with no mail server set up. */
  fileDir: string | undefined;
  notification: Pick<MailSettings["notification"], "address" | "placeholder">;
}) {
  return (
    <div className="flex flex-col gap-1 text-sm text-slate-700">
      {transport === "log" ? (
        <NoMailServerNotice fileDir={fileDir} />
      ) : (
        <p data-testid="mail-transport">{`Mail is sent by ${TRANSPORT_NAMES[transport]}.`}</p>
      )}
      {notification.placeholder && transport !== "log" && (
        <p className="font-semibold text-amber-800">
          {`Notifications go to ${notification.address ?? ""}, the stand-in address of the first start, which nobody reads: `}
          <Link to={href("/admin/mail")} className="underline">
            set the committee's address
          </Link>
          .
        </p>
      )}
      <OutboxState counts={counts} />
      <SendTestMail />
    </div>
  );
}

/**
 * What every page that sends mail says when no mail server is set up (the `log` transport): nothing leaves the site,
 * what that means on this page (`consequence`), and the folder on the server where each mail is written instead.
 */
export function NoMailServerNotice({
  fileDir,
  consequence,
  className,
}: {
  fileDir: string | undefined;
  consequence?: string;
  className?: string;
}) {
  const sentences = [
    "No mail server is set up: mails are written to files on the server and nobody receives them.",
    consequence,
    fileDir && `Each mail is an .eml file in ${fileDir}.`,
  ];
  return (
    <p className={clsx("font-semibold text-amber-800", className)} data-testid="mail-transport">
      {sentences.filter(Boolean).join(" ")}
    </p>
  );
}

/** Queues a test mail to the notification address; the line above then shows it waiting, then delivered or failed. */
function SendTestMail() {
  return (
    <ActionButton<ActionAnswer & { to?: string }>
      action={href("/admin/mail/test")}
      toasts={{
        loading: MAIL_FAILED.sendingTest,
        success: (answer) => MAIL_DONE.testQueued(answer.to),
        failure: MAIL_FAILED.test,
      }}
    >
      Send test mail
    </ActionButton>
  );
}

function OutboxState({ counts }: { counts: OutboxCounts | undefined }) {
  if (!counts) return <p>Mails: status unavailable right now.</p>;
  if (counts.waiting === 0 && counts.dead === 0) return <p>Mails: all delivered.</p>;
  return (
    <p data-testid="mail-status">
      Mails: {counts.waiting > 0 && <span className="font-semibold text-amber-800">{`${counts.waiting} waiting to be sent`}</span>}
      {counts.waiting > 0 && counts.dead > 0 && ", "}
      {counts.dead > 0 && (
        <span className="font-semibold text-red-700">{`${counts.dead} could not be delivered (see the server log)`}</span>
      )}
    </p>
  );
}
