import { data, isRouteErrorResponse } from "react-router";
import { CHECK_IN_MESSAGES } from "#core/messages/check-in.ts";
import type { CheckInAnswer } from "#app/components/admin/check-in/check-in-answer.ts";
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
  // Read only once the answer is in (or is not coming): the scan's answer waits for nothing else.
  const posted = request.clone();
  let answer: CheckInAnswer;
  try {
    answer = await serverAction();
  } catch (error) {
    if (isRouteErrorResponse(error)) throw error;
    const { announcementId, target } = whatWasPosted(await posted.formData());
    const checkIn = announcementId && target && (await checkInOffline(announcementId, target).catch(() => undefined));
    const made: CheckInAnswer | undefined = checkIn
      ? { ok: checkIn.outcome === "checked-in", result: { status: "success" }, checkIn, offline: true }
      : undefined;
    return data(made ?? NOT_SENT, { status: 503 });
  }
  const { checkIn } = answer;
  if (checkIn) {
    void posted
      .formData()
      .then(whatWasPosted)
      .then(({ announcementId, target }) => (announcementId && target ? keepServerCheckIn(announcementId, target, checkIn) : undefined))
      .catch(() => undefined);
  }
  return answer;
}

/** The announcement a check-in post was for (check-in-screen posts it as `door`), and whom it names. */
function whatWasPosted(form: FormData) {
  const announcementId = form.get("door");
  return { announcementId: typeof announcementId === "string" ? announcementId : undefined, target: targetOf(form) };
}

/** What a check-in post names: a scanned ticket, or a person picked from the list. */
function targetOf(form: FormData) {
  const intent = form.get("intent");
  if (intent === "scan") return { token: String(form.get("token")) };
  if (intent === "check-in") return { registrationId: String(form.get("registrationId")) };
  return undefined;
}
