import { parseWithZod } from "@conform-to/zod/v4";
import { href } from "react-router";
import { BLOOD_SECTION_MESSAGES } from "#core/messages/blood.ts";
import { bloodRequestsPageSchema } from "#core/schemas/blood-request.ts";
import { BloodRequestForm } from "#app/components/admin/blood/blood-request-form.tsx";
import { BloodRequestList } from "#app/components/admin/blood/blood-request-list.tsx";
import { SettingsSection } from "#app/components/admin/settings-section.tsx";
import { doneAnswer, formAnswer, pageAction, readForm } from "#app/lib/forms.server.ts";
import { adminContext, servicesContext } from "#app/context.ts";
import type { Route } from "./+types/index";

/** /admin/blood: the emergency requests, open ones first, and the form that logs a new one. */
export async function loader({ context }: Route.LoaderArgs) {
  return { requests: await context.get(servicesContext).bloodRequests.list() };
}

/** `create`: logs a request (audited); its page lists the matching donors at once. */
export const action = pageAction(async ({ request, context }: Route.ActionArgs) => {
  const submission = parseWithZod(await readForm(request), { schema: bloodRequestsPageSchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  const id = await context.get(servicesContext).bloodRequests.create(submission.value, context.get(adminContext).admin.id);
  return doneAnswer(submission.reply({ resetForm: true }), BLOOD_SECTION_MESSAGES.created, { id });
});

export function meta() {
  return [{ title: "Blood" }, { name: "robots", content: "noindex, nofollow" }];
}

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
        <BloodRequestForm requestPage={(id) => href("/admin/blood/:id", { id })} />
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
