import { getInputProps } from "@conform-to/react";
import { CONFIRMATION_LIMITS, confirmationMailSchema, notificationAddressSchema } from "#core/schemas/mail-settings.ts";
import { Field } from "#app/components/ui/field.tsx";
import { AdminForm, useAdminForm } from "#app/components/admin/forms/admin-form.tsx";

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

/** The applicant's confirmation mail: on or off, and its wording. */
export function ConfirmationMailForm({ confirmation }: { confirmation: { enabled: boolean; subject: string; text: string } }) {
  const content = useAdminForm({
    id: "confirmation-mail",
    intent: "confirmation",
    schema: confirmationMailSchema,
    defaultValue: { enabled: confirmation.enabled ? "on" : undefined, subject: confirmation.subject, text: confirmation.text },
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
    </AdminForm>
  );
}
