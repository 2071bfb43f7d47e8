import { useEffect } from "react";
import { href, useNavigate } from "react-router";
import { BLOOD_GROUP_OPTIONS } from "#core/blood/groups.ts";
import { bloodRequestsPageSchema } from "#core/schemas/blood-request.ts";
import { AdminForm, useAdminForm } from "#app/components/admin/forms/admin-form.tsx";
import { Field } from "#app/components/ui/field.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { NOT_DONE } from "#core/messages/common.ts";

/** "Log a request": the patient's group, units, hospital and city, needed by, the contact there, a note. Opens the request once logged. */
export function BloodRequestForm() {
  const navigate = useNavigate();
  const requestForm = useAdminForm({
    id: "blood-request",
    intent: "create",
    schema: bloodRequestsPageSchema,
    defaultValue: { units: "1" },
    toasts: { failure: NOT_DONE },
  });
  const { fields, fetcher } = requestForm;
  const savedId = fetcher.data?.ok ? fetcher.data.id : undefined;
  // Once the post and the list's reload after it are done: a navigation started while the list reloads is dropped.
  useEffect(() => {
    if (savedId && fetcher.state === "idle") void navigate(href("/admin/blood/:id", { id: savedId }));
  }, [savedId, fetcher.state, navigate]);
  return (
    <AdminForm form={requestForm} submit="Log request and find donors" label="Log a request">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField meta={fields.patientGroup} label="Patient's blood group" options={BLOOD_GROUP_OPTIONS} />
        <Field meta={fields.units} label="Units" type="text" inputMode="numeric" />
        <Field meta={fields.hospital} label="Hospital" />
        <Field meta={fields.city} label="City" />
        <Field meta={fields.neededBy} label="Needed by" type="datetime-local" />
        <Field meta={fields.contact} label="Contact at the hospital" description="A name and number, as the family or ward gave them." />
      </div>
      <Field meta={fields.note} label="Note" rows={3} description="Optional." />
    </AdminForm>
  );
}
