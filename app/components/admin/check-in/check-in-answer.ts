import type { FormAnswer } from "#app/components/admin/forms/admin-form.tsx";
import type { CheckInResult, OfflineCheckInOutcome } from "#server/services/registrations.ts";

/** What a check-in post answers (app/lib/check-in.server.ts): the outcome, or a refusal in Conform's shape. */
export interface CheckInAnswer extends FormAnswer {
  checkIn: CheckInResult | null;
  /** Made without a connection: from the list kept on the phone (and queued), or not at all. */
  offline?: boolean;
  /** What came of the check-ins the phone sent after making them offline. */
  synced?: { registrationId: string; outcome: OfflineCheckInOutcome }[];
}
