import { DEFAULT_RETENTION_MONTHS, RETENTION_CHOICES } from "#core/schemas/personal-data";
import { EraseByEmail, RetentionForm } from "~/components/admin/personal-data-forms";
import { SettingsPage, SettingsSection } from "~/components/admin/settings-section";
import type { Route } from "./+types/index";
import { servicesContext } from "~/context";

export async function loader({ context }: Route.LoaderArgs) {
  const months = await context.get(servicesContext).personalData.retentionMonths();
  const choice = RETENTION_CHOICES.find((value) => value === String(months ?? "never")) ?? String(DEFAULT_RETENTION_MONTHS);
  return { retention: choice };
}

export function meta() {
  return [{ title: "Personal data" }, { name: "robots", content: "noindex, nofollow" }];
}

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
        description="Requests, messages and registrations older than this are deleted every day, with their notes and the mails about them."
      >
        <RetentionForm retention={loaderData.retention} />
      </SettingsSection>
      <SettingsSection
        id="erase"
        title="Erase by email"
        description="When someone asks the society to delete their data: find what is held for their email address, then erase all of it."
      >
        <EraseByEmail />
      </SettingsSection>
    </SettingsPage>
  );
}
