import {
  APPLICATION_STATUS_LABELS,
  type ApplicationStatus,
  applicationNoteSchema,
  applicationStatusSchema,
} from "#core/schemas/applications.ts";
import { AdminForm, useAdminForm } from "#app/components/admin/forms/admin-form.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import type { loader as applicationDetailsLoader } from "#app/routes/admin/requests/details.ts";
import { APPLICATIONS_FAILED } from "#core/messages/applications.ts";

type Activity = Extract<Awaited<ReturnType<typeof applicationDetailsLoader>>, { activity: unknown }>["activity"];

/** The request's status, changed here; a change is kept in its history. Drawn afresh (keyed) for each status. */
export function ApplicationStatusForm({ id, status }: { id: string; status: ApplicationStatus }) {
  const statusForm = useAdminForm({ id: `status-${id}`, intent: "set-status", schema: applicationStatusSchema, defaultValue: { status } });
  return (
    <AdminForm form={statusForm} submit="Save status" submitVariant="outline" submitClassName="" className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="ids[0]" value={id} />
      <SelectField meta={statusForm.fields.status} label="Status" options={APPLICATION_STATUS_LABELS} />
    </AdminForm>
  );
}

/** An internal note for the committee, added to the request's history. */
export function ApplicationNoteForm({ id }: { id: string }) {
  const noteForm = useAdminForm({ id: `note-${id}`, intent: "add-note", schema: applicationNoteSchema });
  return (
    <AdminForm form={noteForm} submit="Add note" submitVariant="outline" className="flex flex-col gap-3">
      <input type="hidden" name="id" value={id} />
      <Field meta={noteForm.fields.note} label="Internal note" rows={3} description="Only admins see notes." />
    </AdminForm>
  );
}

/**
 * Who changed the status or wrote a note, and when, oldest first: `activity` as the request's details read it (none
 * yet while they load, or when they could not be read: `failed`).
 */
export function ApplicationHistory({ id, activity, failed }: { id: string; activity: Activity | undefined; failed: boolean }) {
  return (
    <section aria-labelledby={`history-${id}`}>
      <h3 id={`history-${id}`} className="text-lg font-bold text-brand-900">
        History
      </h3>
      {activity === undefined ? (
        <p className="mt-2 text-slate-700">{failed ? APPLICATIONS_FAILED.history : "Loading…"}</p>
      ) : activity.length === 0 ? (
        <p className="mt-2 text-slate-700">No status changes or notes yet.</p>
      ) : (
        <ol className="mt-2 flex flex-col gap-3">
          {activity.map((entry) => (
            <li key={entry.id} className="rounded-md border border-slate-200 p-3">
              <p className="text-sm text-slate-700">
                <time dateTime={entry.at}>{entry.when}</time>
                {` · ${entry.adminEmail}`}
              </p>
              {entry.kind === "status" ? (
                <p className="mt-1 text-slate-900">{`Status set to ${APPLICATION_STATUS_LABELS[entry.status]}`}</p>
              ) : (
                <p className="mt-1 whitespace-pre-line break-words text-slate-900">{entry.note}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
