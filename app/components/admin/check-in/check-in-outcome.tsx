import { CheckCircle2, CircleAlert, CircleX } from "lucide-react";
import { CHECK_IN_MESSAGES } from "#core/messages/check-in.ts";
import type { CheckInResult, DoorEntry } from "#server/services/registrations.ts";

/** Each outcome's colour, icon and words: told apart at a glance, and not by colour alone. */
function outcomeOf(result: CheckInResult) {
  switch (result.outcome) {
    case "checked-in":
      return { tone: "border-green-700 bg-green-50 text-green-900", Icon: CheckCircle2, text: CHECK_IN_MESSAGES.checkedIn(result.name) };
    case "already":
      return {
        tone: "border-amber-600 bg-amber-50 text-amber-900",
        Icon: CircleAlert,
        text: CHECK_IN_MESSAGES.already(result.name, result.by, result.atText),
      };
    case "waiting":
      return {
        tone: "border-red-700 bg-red-50 text-red-900",
        Icon: CircleX,
        text: CHECK_IN_MESSAGES.waiting(result.name, result.position),
      };
    case "not-for-event":
      return { tone: "border-red-700 bg-red-50 text-red-900", Icon: CircleX, text: CHECK_IN_MESSAGES.notForEvent };
  }
}

export function CheckInOutcome({ result, offline = false }: { result: CheckInResult; offline?: boolean }) {
  const { tone, Icon, text } = outcomeOf(result);
  return (
    <div role="status" data-outcome={result.outcome} className={`mt-6 rounded-xl border-2 p-4 ${tone}`}>
      <p className="flex items-center gap-3 text-xl font-bold">
        <Icon className="size-8 shrink-0" aria-hidden />
        {text}
      </p>
      {offline && result.outcome === "checked-in" && <p className="mt-2 font-semibold">{CHECK_IN_MESSAGES.savedOffline}</p>}
    </div>
  );
}

/** Who checked a person in and when, and whether phones that were offline admitted them twice. */
export function checkedInText(checkedIn: NonNullable<DoorEntry["checkedIn"]>): string {
  return `Checked in ${checkedIn.atText} by ${checkedIn.by}${checkedIn.scannedTwice ? ` (${CHECK_IN_MESSAGES.scannedTwice})` : ""}`;
}
