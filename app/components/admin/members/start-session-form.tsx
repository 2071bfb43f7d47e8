import { useState } from "react";
import { NOT_DONE } from "#core/messages/common.ts";
import { membersActionSchema } from "#core/schemas/members.ts";
import { AdminForm, useAdminForm } from "#app/components/admin/forms/admin-form.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { Field } from "#app/components/ui/field.tsx";

/** The next session's name and "Start session", which asks first: it mails every current member. */
export function StartSessionForm({ current }: { current: string }) {
  const [confirming, setConfirming] = useState<HTMLFormElement>();
  const sessionForm = useAdminForm({
    id: "start-session",
    intent: "start-session",
    schema: membersActionSchema,
    toasts: { failure: NOT_DONE },
  });
  const session = sessionForm.fields.session as unknown as Parameters<typeof Field>[0]["meta"];
  return (
    <>
      <AdminForm
        form={sessionForm}
        submit="Start session"
        label="Start the next session"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          // Conform checks the field as it changes by a submit of its own (a named button): that is not the press.
          if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute("name")) return;
          // An invalid name is left to the form's own check (its message at the field); a valid one asks first.
          const valid = membersActionSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget))).success;
          if (valid && confirming !== event.currentTarget) {
            event.preventDefault();
            setConfirming(event.currentTarget);
          }
        }}
      >
        <Field meta={session} label="Next session" placeholder="2027–28" description={`Now: ${current}.`} className="w-48" />
      </AdminForm>
      <ConfirmDialog
        open={confirming !== undefined && !sessionForm.busy}
        onOpenChange={(open) => {
          if (!open) setConfirming(undefined);
        }}
        title="Start the next session?"
        confirmLabel="Start session"
        onConfirm={() => {
          confirming?.requestSubmit();
          setConfirming(undefined);
        }}
      >
        Every current member gets a mail asking them to stay. Those who do not answer within 30 days become past members.
      </ConfirmDialog>
    </>
  );
}
