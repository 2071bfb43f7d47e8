import { data, isRouteErrorResponse } from "react-router";
import { CHECK_IN_MESSAGES } from "#core/messages/check-in.ts";
import type { CheckInAnswer } from "#app/components/admin/check-in/check-in-screen.tsx";
import { checkInOffline, keepServerCheckIn } from "#app/components/admin/check-in/offline-door.ts";
import { formFailure } from "#app/lib/answer-when-offline.ts";

/** What a check-in the phone could neither send nor make from its kept list answers. */
const NOT_SENT: CheckInAnswer = { ok: false, result: formFailure(CHECK_IN_MESSAGES.notSent), checkIn: null, offline: true };

/**
 * A check-in screen's clientAction: the server's answer; or, when the request never reaches it (no signal in the hall),
 * a check-in made from the list kept on the phone (check-in-screen posts the announcement's id as `door`), queued to be
 * sent. Walk-ins and undoing need the server. A 503 keeps React Router from reloading the page's data, which would fail
 * the same way; the server's own refusals still show as they are.
 */
export async function checkInClientAction({ request, serverAction }: { request: Request; serverAction: () => Promise<CheckInAnswer> }) {
  const form = await request.clone().formData();
  const announcementId = form.get("door");
  const target = targetOf(form);
  let answer: CheckInAnswer;
  try {
    answer = await serverAction();
  } catch (error) {
    if (isRouteErrorResponse(error)) throw error;
    const checkIn = typeof announcementId === "string" && target && (await checkInOffline(announcementId, target).catch(() => undefined));
    const made: CheckInAnswer | undefined = checkIn
      ? { ok: checkIn.outcome === "checked-in", result: { status: "success" }, checkIn, offline: true }
      : undefined;
    return data(made ?? NOT_SENT, { status: 503 });
  }
  if (typeof announcementId === "string" && target && answer.checkIn) {
    void keepServerCheckIn(announcementId, target, answer.checkIn).catch(() => undefined);
  }
  return answer;
}

/** What a check-in post names: a scanned ticket, or a person picked from the list. */
function targetOf(form: FormData) {
  const intent = form.get("intent");
  if (intent === "scan") return { token: String(form.get("token")) };
  if (intent === "check-in") return { registrationId: String(form.get("registrationId")) };
  return undefined;
}
