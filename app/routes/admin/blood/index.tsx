import { parseWithZod } from "@conform-to/zod/v4";
import { BLOOD_SECTION_MESSAGES } from "#core/messages/blood.ts";
import { OWNERS_ONLY_MESSAGE } from "#core/messages/admin-access.ts";
import { bloodPageActionSchema } from "#core/schemas/blood-request.ts";
import { DonationIntervalsForm } from "#app/components/admin/blood/donation-intervals-form.tsx";
import { BloodRequestForm } from "#app/components/admin/blood/blood-request-form.tsx";
import { BloodRequestList } from "#app/components/admin/blood/blood-request-list.tsx";
import { SettingsSection } from "#app/components/admin/settings-section.tsx";
import { doneAnswer, formAnswer, pageAction, readForm } from "#app/lib/forms.server.ts";
import { adminContext, servicesContext } from "#app/context.ts";
import type { Route } from "./+types/index";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";

/** /admin/blood: the emergency requests, open ones first, the form that logs a new one, and the donation intervals. */
export async function loader({ context }: Route.LoaderArgs) {
  const requests = context.get(servicesContext).bloodRequests;
  const [listed, intervals] = await Promise.all([requests.list(), requests.intervals()]);
  return { requests: listed, intervals, isOwner: context.get(adminContext).admin.role === "owner" };
}

/**
 * `create`: logs a request (audited); its page lists the matching donors at once. `set-intervals`: an Owner's donation
 * intervals (a coordinator who is not an Owner gets 403).
 */
export const action = pageAction(async ({ request, context }: Route.ActionArgs) => {
  const submission = parseWithZod(await readForm(request), { schema: bloodPageActionSchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  const { admin } = context.get(adminContext);
  const requests = context.get(servicesContext).bloodRequests;
  const asked = submission.value;
  if (asked.intent === "set-intervals") {
    if (admin.role !== "owner") return formAnswer(submission.reply({ formErrors: [OWNERS_ONLY_MESSAGE] }), 403);
    await requests.setIntervals({ men: asked.men, women: asked.women }, admin.id);
    return doneAnswer(submission.reply(), BLOOD_SECTION_MESSAGES.intervalsSaved);
  }
  const id = await requests.create(asked, admin.id);
  return doneAnswer(submission.reply({ resetForm: true }), BLOOD_SECTION_MESSAGES.created, { id });
});

export const meta = () => unlistedPageMeta("Blood");

export default function AdminBlood({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-8">
      <div>
        <h1 className="text-3xl font-extrabold text-brand-900">Blood</h1>
        <p className="mt-2 text-slate-700">
          Log a patient's need, then ask the donors the site lists: red-cell compatible, available, rested since their last donation, the
          same city first. Numbers show only when you press WhatsApp, Call or Show number, and each is written to the audit log.
        </p>
      </div>
      <SettingsSection id="new-request" title="Log a request">
        <BloodRequestForm />
      </SettingsSection>
      <SettingsSection
        id="intervals"
        title="Donation intervals"
        description="Days between two whole-blood donations, by which donors are matched and counted. Guidance only: the blood bank decides on the day."
      >
        <DonationIntervalsForm intervals={loaderData.intervals} editable={loaderData.isOwner} />
      </SettingsSection>
      <section aria-labelledby="requests-heading" className="flex flex-col gap-4">
        <h2 id="requests-heading" className="text-xl font-bold text-brand-900">
          Requests
        </h2>
        <BloodRequestList requests={loaderData.requests} />
      </section>
    </main>
  );
}
