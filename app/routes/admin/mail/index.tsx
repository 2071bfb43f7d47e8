import { parseWithZod } from "@conform-to/zod/v4";
import { CONFIRMATION_PLACEHOLDERS, mailSettingsActionSchema } from "#core/schemas/mail-settings.ts";
import { ConfirmationMailForm, NotificationAddressForm } from "#app/components/admin/mail-settings-forms.tsx";
import { MailStatus } from "#app/components/admin/mail-status.tsx";
import { SettingsPage, SettingsSection } from "#app/components/admin/settings-section.tsx";
import { doneAnswer, formAnswer, pageAction, readForm } from "#app/lib/forms.server.ts";
import { SAVED } from "#core/messages/common.ts";
import { loadMailStatus } from "#app/lib/mail-status.server.ts";
import type { Route } from "./+types/index";
import { adminContext, servicesContext } from "#app/context.ts";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";

export const loader = ({ context }: Route.LoaderArgs) => loadMailStatus(context);

/** Stores where the notification mails go (empty: back to the default), or the applicant's confirmation mail. */
export const action = pageAction(async ({ request, context }: Route.ActionArgs) => {
  const submission = parseWithZod(await readForm(request), { schema: mailSettingsActionSchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  const { admin } = context.get(adminContext);
  const { mailSettings } = context.get(servicesContext);
  const setting = submission.value;
  if (setting.intent === "notification-address") await mailSettings.setNotificationAddress(setting.notificationEmail ?? "", admin.id);
  else {
    const { enabled, subject, text, subjectUr, textUr } = setting;
    await mailSettings.setConfirmation({ enabled: enabled === "on", subject, text, subjectUr, textUr }, admin.id);
  }
  return doneAnswer(submission.reply(), SAVED);
});

export const meta = () => unlistedPageMeta("Mail");

const placeholderHelp = Object.entries(CONFIRMATION_PLACEHOLDERS)
  .map(([placeholder, meaning]) => `${placeholder} becomes ${meaning}`)
  .join(" and ");

const SOURCE_TEXT = {
  setting: "set here",
  MAIL_TO: "from the server's MAIL_TO setting",
  "first admin": "the first admin's email",
} as const;

/** How the site's mail leaves and stands, where notifications go, and the applicant's confirmation mail. */
export default function MailPage({ loaderData }: Route.ComponentProps) {
  const { status, settings } = loaderData;
  const { notification, confirmation } = settings;
  return (
    <SettingsPage
      title="Mail"
      intro="Every mail waits in an outbox until it is delivered, so nothing is lost while the mail server is down."
    >
      <SettingsSection id="delivery" title="Delivery">
        <MailStatus {...status} />
      </SettingsSection>
      <SettingsSection
        id="notification"
        title="Notification address"
        description={
          <p>
            {notification.address
              ? `Each new join request and contact message is mailed to ${notification.address} (${SOURCE_TEXT[notification.source]}).`
              : "Each new join request and contact message is mailed to the address set here."}
            {status.transport === "emailjs" && " With EmailJS, this needs templates whose “To Email” is {{to_email}}."}
          </p>
        }
      >
        <NotificationAddressForm stored={notification.stored ?? ""} />
      </SettingsSection>
      <SettingsSection
        id="confirmation"
        title="Confirmation to applicants"
        description={
          <>
            <p>
              Each applicant gets this mail once their application is stored. Replies to it reach the notification address. In the subject
              and the text, {placeholderHelp}.
            </p>
            {!confirmation.sendable && (
              <p className="mt-2 font-semibold text-amber-800">
                EmailJS needs a template for this mail: set EMAILJS_TEMPLATE_ID_CONFIRMATION on the server. Until then no confirmation is
                sent.
              </p>
            )}
          </>
        }
      >
        <ConfirmationMailForm confirmation={confirmation} />
      </SettingsSection>
    </SettingsPage>
  );
}
