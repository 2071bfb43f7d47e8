import { parseWithZod } from "@conform-to/zod/v4";
import { RECENT_PASSWORD_HANDLE } from "#core/route-handle.ts";
import { DEFAULT_RETENTION_MONTHS, personalDataActionSchema, RETENTION_CHOICES, retentionMonths } from "#core/schemas/personal-data.ts";
import { writeGuardsFor } from "#app/lib/admin-guards.server.ts";
import { doneAnswer, formAnswer, pageAction, readForm } from "#app/lib/forms.server.ts";
import { SAVED } from "#core/messages/common.ts";
import { PERSONAL_DATA_DONE } from "#core/messages/personal-data.ts";
import { EraseByEmail, RetentionForm } from "#app/components/admin/personal-data-forms.tsx";
import { SettingsPage, SettingsSection } from "#app/components/admin/settings-section.tsx";
import type { Route } from "./+types/index";
import { adminContext, servicesContext } from "#app/context.ts";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";

export const handle = RECENT_PASSWORD_HANDLE;

/** Beyond the admin layouts' checks: every change here asks for a password entered in the last 10 minutes. */
export const middleware: Route.MiddlewareFunction[] = [writeGuardsFor(handle)];

export async function loader({ context }: Route.LoaderArgs) {
  const months = await context.get(servicesContext).personalData.retentionMonths();
  const choice = RETENTION_CHOICES.find((value) => value === String(months ?? "never")) ?? String(DEFAULT_RETENTION_MONTHS);
  return { retention: choice };
}

/**
 * `retention` stores how long requests, messages and registrations are kept, and at once deletes what is now older
 * (answering how much went). Erase by email goes in two steps: `find` says what is held for the address (requests,
 * messages, registrations, mails), `erase` deletes all of it. The audit entry records that an erasure happened and how
 * much it took, never the address.
 */
export const action = pageAction(async ({ request, context }: Route.ActionArgs) => {
  const submission = parseWithZod(await readForm(request), { schema: personalDataActionSchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  const { admin } = context.get(adminContext);
  const { personalData } = context.get(servicesContext);
  const asked = submission.value;
  if (asked.intent === "retention") {
    const deleted = await personalData.setRetention(retentionMonths(asked.retention), admin.id);
    return doneAnswer(submission.reply(), SAVED, { deleted });
  }
  const { email } = asked;
  if (asked.intent === "find")
    return formAnswer(submission.reply(), 200, undefined, { email, held: await personalData.findByEmail(email) });
  const erased = await personalData.eraseByEmail(email, admin.id);
  return doneAnswer(submission.reply({ resetForm: true }), PERSONAL_DATA_DONE.erased, { email, erased });
});

export const meta = () => unlistedPageMeta("Personal data");

/** How long applicants' and senders' data is kept, and erasing everything held for one email address. */
export default function PersonalDataPage({ loaderData }: Route.ComponentProps) {
  return (
    <SettingsPage
      title="Personal data"
      intro="Join requests, contact messages and event registrations hold people's names, emails, phone numbers and addresses. Keep them only as long as the society needs them."
    >
      <SettingsSection
        id="retention"
        title="How long to keep them"
        description="Requests, messages and registrations older than this are deleted every day, with their notes and the mails about them. Blood donors are kept while they stay willing: those who never confirm go after 7 days, and those who say nothing for 12 months go then."
      >
        <RetentionForm retention={loaderData.retention} />
      </SettingsSection>
      <SettingsSection
        id="erase"
        title="Erase by email"
        description="When someone asks the society to delete their data: find what is held for their email address (requests, messages, registrations, blood donors and mails), then erase all of it."
      >
        <EraseByEmail />
      </SettingsSection>
    </SettingsPage>
  );
}
