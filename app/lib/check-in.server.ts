import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { CHECK_IN_MESSAGES } from "#core/messages/check-in.ts";
import { checkInActionSchema } from "#core/schemas/registration.ts";
import type { CheckInResult, RegistrationService } from "#server/services/registrations.ts";
import { readForm } from "./forms.server";

/**
 * A post of a check-in screen, at the door of `announcementId`: `check-in` (a person picked from the search), `scan` (a
 * ticket's token the camera read), `walk-in` (someone who came without registering) or `sync` (the check-ins the phone
 * made offline), made as `by`; `undo` only for an admin (`undoAs`, their id: audited). The answer
 * is what came of it (404 for no ticket of this event), or a refusal in Conform's shape.
 */
export async function answerCheckIn(
  request: Request,
  registrations: RegistrationService,
  announcementId: string,
  { by, undoAs }: { by: string; undoAs: string | null },
) {
  const submission = parseWithZod(await readForm(request), { schema: checkInActionSchema });
  const answer = (status: number, checkIn: CheckInResult | null, refusal?: string) =>
    data({ ok: status < 400, result: submission.reply(refusal ? { formErrors: [refusal] } : {}), checkIn }, { status });
  if (submission.status !== "success") return answer(400, null);
  const asked = submission.value;
  if (asked.intent === "undo") {
    if (undoAs === null) return answer(403, null, CHECK_IN_MESSAGES.undoAdminsOnly);
    const undone = await registrations.undoCheckIn(announcementId, asked.registrationId, undoAs);
    return undone ? answer(200, null) : answer(409, null, CHECK_IN_MESSAGES.notCheckedIn);
  }
  if (asked.intent === "sync") {
    const synced = await registrations.syncOfflineCheckIns(announcementId, asked.checkIns, by);
    return data({ ok: true, result: submission.reply(), checkIn: null, synced });
  }
  if (asked.intent === "walk-in") {
    const added = await registrations.walkIn(announcementId, { name: asked.name, email: asked.email, phone: asked.phone }, by);
    if (added.ok) return data({ ok: true, result: submission.reply({ resetForm: true }), checkIn: added.result });
    const message = CHECK_IN_MESSAGES.walkIn[added.reason];
    const refusal = added.reason === "already-registered" ? { fieldErrors: { email: [message] } } : { formErrors: [message] };
    return data({ ok: false, result: submission.reply(refusal), checkIn: null }, { status: added.reason === "missing" ? 404 : 409 });
  }
  const target = asked.intent === "scan" ? { token: asked.token } : { registrationId: asked.registrationId };
  const checkIn = await registrations.checkIn(announcementId, target, by);
  return answer(checkIn.outcome === "not-for-event" ? 404 : 200, checkIn);
}
