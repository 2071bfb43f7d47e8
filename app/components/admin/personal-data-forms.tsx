import { countOf } from "#core/count-of.ts";
import { eraseByEmailSchema, RETENTION_LABELS, retentionSchema } from "#core/schemas/personal-data.ts";
import { useState } from "react";
import { ActionButton } from "#app/components/admin/forms/action-button.tsx";
import { AdminForm, type FormAnswer, useAdminForm } from "#app/components/admin/forms/admin-form.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { Field, FormMessage } from "#app/components/ui/field.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { PERSONAL_DATA_DONE, PERSONAL_DATA_FAILED } from "#core/messages/personal-data.ts";
import type { ErasedCounts } from "#server/services/personal-data.ts";

/** "2 requests, 1 message, 0 registrations, 1 blood donor, 1 member and 3 mails". */
const countsText = ({ requests, messages, registrations, donors, members, certificates, mails }: ErasedCounts) =>
  `${countOf(requests, "request")}, ${countOf(messages, "message")}, ${countOf(registrations, "registration")}, ${countOf(donors, "blood donor")}, ${countOf(members, "member")}, ${countOf(certificates, "certificate")} and ${countOf(mails, "mail")}`;
const nothing = (counts: ErasedCounts) => Object.values(counts).every((count) => count === 0);

/** Months a choice keeps data for; "never" keeps it longest. */
const monthsOf = (choice: string) => (choice === "never" ? Infinity : Number(choice));

/**
 * The retention setting; saving it deletes at once what is older, and says how much that was. A shorter period than
 * the stored one asks first, as every delete does.
 */
export function RetentionForm({ retention }: { retention: string }) {
  const [deleted, setDeleted] = useState<ErasedCounts>();
  const [confirming, setConfirming] = useState<HTMLFormElement>();
  const retentionForm = useAdminForm<typeof retentionSchema, RetentionAnswer>({
    id: "retention",
    intent: "retention",
    schema: retentionSchema,
    defaultValue: { retention },
    onSaved: (answer) => setDeleted(answer.deleted),
  });
  const chosen = retentionForm.fields.retention.value ?? retention;
  return (
    <>
      <AdminForm
        form={retentionForm}
        onSubmit={(event) => {
          // A shorter period asks first; the dialog's answer submits the form again, and this time it goes.
          if (monthsOf(chosen) < monthsOf(retention) && confirming !== event.currentTarget) {
            event.preventDefault();
            setConfirming(event.currentTarget);
          }
        }}
      >
        <SelectField
          meta={retentionForm.fields.retention}
          label="Keep join requests, contact messages and registrations for"
          options={RETENTION_LABELS}
        />
        {deleted && !nothing(deleted) && <FormMessage tone="success">{PERSONAL_DATA_DONE.deletedOlder(countsText(deleted))}</FormMessage>}
      </AdminForm>
      <ConfirmDialog
        open={confirming !== undefined && !retentionForm.busy}
        onOpenChange={(open) => !open && setConfirming(undefined)}
        title={`Keep requests, messages and registrations for ${RETENTION_LABELS[chosen as keyof typeof RETENTION_LABELS] ?? chosen} only?`}
        confirmLabel="Save and delete"
        confirmVariant="danger"
        onConfirm={() => {
          confirming?.requestSubmit();
          setConfirming(undefined);
        }}
      >
        Requests and messages older than that, with their notes and mails, are deleted now. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}

interface RetentionAnswer extends FormAnswer {
  deleted?: ErasedCounts;
}

interface EraseAnswer extends FormAnswer {
  email?: string;
  held?: ErasedCounts;
  erased?: ErasedCounts;
}

/** Find what is held for an address, then erase it all after a confirmation. */
export function EraseByEmail() {
  const finder = useAdminForm<typeof eraseByEmailSchema, EraseAnswer>({
    id: "erase-by-email",
    intent: "find",
    schema: eraseByEmailSchema,
  });
  /** What an erasure erased, and the finding it followed: it replaces that finding only, not a later one. */
  const [erasure, setErasure] = useState<{ finding: EraseAnswer | undefined; erased: ErasedCounts | undefined }>();
  const found = !finder.busy && finder.fetcher.data?.ok ? finder.fetcher.data : undefined;
  const erased = found && found === erasure?.finding ? erasure.erased : undefined;

  return (
    <div className="flex flex-col gap-4">
      <AdminForm form={finder} submit="Find" submitVariant="outline">
        <Field meta={finder.fields.email} label="Email address" type="email" autoComplete="off" />
      </AdminForm>
      {/* Always there, so a screen reader reads each new outcome out. */}
      <div className="flex flex-col gap-3" aria-live="polite">
        {found?.held &&
          found.email &&
          (erased ? (
            <FormMessage tone="success">{PERSONAL_DATA_DONE.erasedFor(countsText(erased), found.email)}</FormMessage>
          ) : nothing(found.held) ? (
            <FormMessage tone="notice">{PERSONAL_DATA_DONE.nothingHeld(found.email)}</FormMessage>
          ) : (
            <>
              <p className="text-slate-900">{`Held for ${found.email}: ${countsText(found.held)}.`}</p>
              <ActionButton<EraseAnswer>
                intent="erase"
                fields={{ email: found.email }}
                variant="danger"
                size="md"
                className="self-start"
                toasts={{
                  failure: PERSONAL_DATA_FAILED.erase,
                  onSuccess: (answer) => setErasure({ finding: found, erased: answer.erased }),
                }}
                confirm={{
                  title: `Erase everything held for ${found.email}?`,
                  label: "Erase",
                  body: `This deletes ${countsText(found.held)}, with their notes and history. It cannot be undone.`,
                }}
              >
                Erase all
              </ActionButton>
            </>
          ))}
      </div>
    </div>
  );
}
