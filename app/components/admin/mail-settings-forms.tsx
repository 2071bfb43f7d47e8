import { getInputProps } from "@conform-to/react";
import { CONFIRMATION_LIMITS, confirmationMailSchema, notificationAddressSchema } from "#core/schemas/mail-settings.ts";
import { Field } from "#app/components/ui/field.tsx";
import { AdminForm, useAdminForm } from "#app/components/admin/forms/admin-form.tsx";
import type { MailSettings } from "#server/services/mail-settings.ts";

/** Where the notification mails go; left empty, the default. */
export function NotificationAddressForm({ stored }: { stored: string }) {
  const content = useAdminForm({
    id: "notification-address",
    intent: "notification-address",
    schema: notificationAddressSchema,
    defaultValue: { notificationEmail: stored },
  });
  return (
    <AdminForm form={content} label="Notification address">
      <Field
        meta={content.fields.notificationEmail}
        label="Send notifications to"
        type="email"
        autoComplete="off"
        description="Leave it empty to use the default: the server's MAIL_TO, or else the first admin's email."
      />
    </AdminForm>
  );
}

/** The applicant's confirmation mail: on or off, and its wording, in Urdu too if the committee writes it. */
export function ConfirmationMailForm({ confirmation }: { confirmation: MailSettings["confirmation"] }) {
  const content = useAdminForm({
    id: "confirmation-mail",
    intent: "confirmation",
    schema: confirmationMailSchema,
    defaultValue: {
      enabled: confirmation.enabled ? "on" : undefined,
      subject: confirmation.subject,
      text: confirmation.text,
      subjectUr: confirmation.subjectUr ?? "",
      textUr: confirmation.textUr ?? "",
    },
  });
  const { fields } = content;
  return (
    <AdminForm form={content} label="Confirmation to applicants">
      <label className="flex items-center gap-2 font-semibold text-slate-900">
        <input {...getInputProps(fields.enabled, { type: "checkbox" })} className="size-4 accent-brand-800" />
        Send each applicant a confirmation mail
      </label>
      <Field meta={fields.subject} label="Subject" maxLength={CONFIRMATION_LIMITS.subject} />
      <Field meta={fields.text} label="Text" rows={9} />
      <Field
        meta={fields.subjectUr}
        label="Subject in Urdu (optional)"
        maxLength={CONFIRMATION_LIMITS.subject}
        description="Who applies through the Urdu Join Us form gets the Urdu subject and text. Left empty, they get the built-in Urdu wording while the English is the built-in one, and your English once you have changed it."
        lang="ur"
        dir="rtl"
      />
      <Field meta={fields.textUr} label="Text in Urdu (optional)" rows={9} lang="ur" dir="rtl" />
    </AdminForm>
  );
}
