import { CHECK_IN_MESSAGES, DOOR_LINK_MESSAGES } from "#core/messages/check-in.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { countOf } from "#core/count-of.ts";
import { registrationsActionSchema } from "#core/schemas/registration.ts";
import { Download, ScanLine, Trash2 } from "lucide-react";
import { data, href, Link } from "react-router";
import { announcementPagePath } from "#core/public-pages.ts";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { useConfirmedAction } from "#app/components/admin/forms/confirmed-action.ts";
import { BackButton } from "#app/components/site/back-button.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { doneAnswer, formAnswer, pageAction, readForm } from "#app/lib/forms.server.ts";
import { ANNOUNCEMENTS_DONE, ANNOUNCEMENTS_FAILED } from "#core/messages/announcements.ts";
import { goneMessage, NOT_FOUND } from "#core/messages/common.ts";
import { DoorLinks } from "#app/components/admin/check-in/door-links.tsx";
import { Certificates } from "#app/components/admin/certificates.tsx";
import { answerCertificates } from "#app/lib/certificates.server.ts";
import type { Route } from "./+types/index";
import { adminContext, servicesContext } from "#app/context.ts";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { registrations, certificates } = context.get(servicesContext);
  const list = await registrations.listFor(params.id);
  if (!list) throw data(NOT_FOUND, { status: 404 });
  return { ...list, doorLinks: await registrations.doorLinksFor(params.id), certificates: await certificates.listFor(params.id) };
}

/**
 * `delete`: removes one registration; the place it held goes to the first on the waiting list, who is mailed.
 * `door-link`: makes a door link for a volunteer (the answer carries it, shown once); `revoke-door-link`: ends one.
 * `issue-certificates`, `reissue-certificate`, `revoke-certificate`: see answerCertificates.
 */
export const action = pageAction(async ({ request, params, context }: Route.ActionArgs) => {
  const submission = parseWithZod(await readForm(request), { schema: registrationsActionSchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  const { admin } = context.get(adminContext);
  const registrations = context.get(servicesContext).registrations;
  const asked = submission.value;
  if (asked.intent === "door-link") {
    const made = await registrations.createDoorLink(params.id, asked.label, admin.id);
    if (!made.ok)
      return formAnswer(submission.reply({ formErrors: [DOOR_LINK_MESSAGES[made.reason]] }), made.reason === "missing" ? 404 : 409);
    return formAnswer(submission.reply({ resetForm: true }), 200, undefined, { doorLink: { label: asked.label, ...made } });
  }
  if (asked.intent === "revoke-door-link") {
    if (!(await registrations.revokeDoorLink(params.id, asked.linkId, admin.id))) {
      return formAnswer(submission.reply({ formErrors: [DOOR_LINK_MESSAGES.notOpen] }), 404);
    }
    return doneAnswer(submission.reply(), DOOR_LINK_MESSAGES.revoked);
  }
  if (asked.intent === "issue-certificates" || asked.intent === "reissue-certificate" || asked.intent === "revoke-certificate") {
    return answerCertificates(submission, asked, params.id, context.get(servicesContext).certificates, admin);
  }
  const removed = await registrations.delete(params.id, asked.registrationId, admin.id);
  if (!removed) return formAnswer(submission.reply({ formErrors: [goneMessage("registration")] }), 404);
  return doneAnswer(submission.reply(), ANNOUNCEMENTS_DONE.registrationRemoved);
});

export const meta = ({ loaderData }: Route.MetaArgs) => unlistedPageMeta(`Registrations: ${loaderData?.announcement.heading ?? ""}`);

/** How each status reads in the list, and its badge's colours. */
const STATUS = {
  registered: { label: "Registered", className: "bg-green-100 text-green-900" },
  waiting: { label: "Waiting list", className: "bg-amber-100 text-amber-900" },
  unconfirmed: { label: "Unconfirmed", className: "bg-slate-200 text-slate-900" },
} as const;

/**
 * One announcement's registrations: how many hold a place, how many wait and how many are not confirmed yet, each
 * person with their answers, Remove (the first waiting moves up and is mailed) and the list as a spreadsheet.
 */
export default function Registrations({ loaderData }: Route.ComponentProps) {
  const { announcement, registrations, counts, attendance, doorLinks, certificates } = loaderData;
  const settings = announcement.registration;
  const remove = useConfirmedAction<{ id: string; name: string }>({
    action: () => href("/admin/announcements/:id/registrations", { id: encodeURIComponent(announcement.id) }),
    body: ({ id }) => ({ intent: "delete", registrationId: id }),
    toasts: { failure: ANNOUNCEMENTS_FAILED.removeRegistration },
  });
  const places = settings?.capacity == null ? "" : ` of ${countOf(settings.capacity, "place")}`;

  return (
    <main className="mx-auto max-w-5xl px-4 py-8">
      <BackButton fallback={href("/admin-announcement")} />
      <h1 className="mt-6 text-3xl font-extrabold break-words text-brand-900">Registrations: {announcement.heading}</h1>
      <p className="mt-2 text-lg text-slate-800" data-testid="registration-counts">
        {`${counts.registered} registered${places}, ${counts.waiting} on the waiting list.`}
        {counts.unconfirmed > 0 &&
          ` ${counts.unconfirmed} unconfirmed: they hold no place until confirmed from their mail, and go after 24 hours.`}
        {settings?.closesAtText && ` Registration closes ${settings.closesAtText}.`}
      </p>
      {(attendance.checkedIn > 0 || attendance.noShows !== null) && (
        <p className="mt-1 text-lg text-slate-800" data-testid="attendance-counts">
          {`${attendance.checkedIn} checked in`}
          {attendance.noShows !== null && `, ${countOf(attendance.noShows, "no-show")}`}.
        </p>
      )}
      {!settings && (
        <p className="mt-2 text-slate-700">This announcement no longer collects registrations here; those below were taken before.</p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button asChild size="sm">
          <Link to={href("/admin/announcements/:id/check-in", { id: encodeURIComponent(announcement.id) })}>
            <ScanLine className="size-4" aria-hidden />
            Check in
          </Link>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={href("/admin/announcements/:id/registrations.csv", { id: encodeURIComponent(announcement.id) })} download>
            <Download className="size-4" aria-hidden />
            Download CSV
          </a>
        </Button>
        {announcement.state === "live" && (
          <Button asChild variant="outline" size="sm">
            <Link to={announcementPagePath(announcement.id)}>View the announcement</Link>
          </Button>
        )}
      </div>
      {announcement.event && <DoorLinks links={doorLinks} />}
      {announcement.event && <Certificates announcementId={announcement.id} {...certificates} />}
      {registrations.length === 0 ? (
        <p className="mt-10 text-center text-lg text-slate-800">No one has registered yet.</p>
      ) : (
        <ol className="mt-6 flex flex-col gap-4">
          {registrations.map((registration) => (
            <li key={registration.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h2 className="text-lg font-bold break-words text-slate-900">{registration.name}</h2>
                <span className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS[registration.status].className}`}>
                  {STATUS[registration.status].label}
                </span>
              </div>
              <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-slate-800 sm:grid-cols-[max-content_1fr]">
                <dt className="font-semibold">Email</dt>
                <dd className="break-all">{registration.email}</dd>
                <dt className="font-semibold">Phone</dt>
                <dd>{registration.phone}</dd>
                <dt className="font-semibold">Class</dt>
                <dd>{registration.class}</dd>
                {registration.answers.map((answer) => (
                  <div key={answer.question} className="contents">
                    <dt className="font-semibold break-words">{answer.question}</dt>
                    <dd className="break-words whitespace-pre-line">{answer.answer || "—"}</dd>
                  </div>
                ))}
                <dt className="font-semibold">Registered</dt>
                <dd>{registration.registered}</dd>
                {registration.checkedInText && (
                  <>
                    <dt className="font-semibold">Checked in</dt>
                    <dd className="break-words">
                      {`${registration.checkedInText} by ${registration.checkedInBy ?? ""}`}
                      {registration.checkInScans > 1 && ` (${CHECK_IN_MESSAGES.scannedTwice})`}
                    </dd>
                  </>
                )}
              </dl>
              <Button variant="danger" size="sm" className="mt-3" onClick={() => remove.select(registration)}>
                <Trash2 className="size-4" aria-hidden />
                Remove
                <span className="sr-only">{registration.name}</span>
              </Button>
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog {...remove.dialog} confirmLabel="Remove" confirmVariant="danger" title={`Remove ${remove.selected?.name ?? ""}?`}>
        Their registration and the mails about it are deleted. If they held a place, the first on the waiting list moves up and gets an
        email.
      </ConfirmDialog>
    </main>
  );
}
