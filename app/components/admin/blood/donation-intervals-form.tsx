import type { DonationInterval } from "#core/blood/eligibility.ts";
import { NOT_DONE } from "#core/messages/common.ts";
import { donationIntervalsSchema } from "#core/schemas/blood-request.ts";
import { AdminForm, useAdminForm } from "#app/components/admin/forms/admin-form.tsx";
import { Field } from "#app/components/ui/field.tsx";

/** The donation intervals: an Owner changes them; a coordinator reads them. */
export function DonationIntervalsForm({ intervals, editable }: { intervals: Record<DonationInterval, number>; editable: boolean }) {
  const intervalsForm = useAdminForm({
    id: "donation-intervals",
    intent: "set-intervals",
    schema: donationIntervalsSchema,
    defaultValue: { men: String(intervals.men), women: String(intervals.women) },
    toasts: { failure: NOT_DONE },
  });
  if (!editable) {
    return (
      <p className="text-slate-900">
        Men: every {intervals.men} days. Women: every {intervals.women} days. An Owner can change them.
      </p>
    );
  }
  const { fields } = intervalsForm;
  return (
    <AdminForm form={intervalsForm} label="Donation intervals" className="flex flex-wrap items-end gap-4">
      <Field meta={fields.men} label="Men (days)" inputMode="numeric" className="w-36" />
      <Field meta={fields.women} label="Women (days)" inputMode="numeric" className="w-36" />
    </AdminForm>
  );
}
