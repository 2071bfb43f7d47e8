import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import type { DonationInterval } from "#core/blood/eligibility.ts";
import { BLOOD_GROUP_OPTIONS } from "#core/blood/groups.ts";
import { DONOR_CONSENT, INTERVAL_GUIDANCE } from "#core/messages/blood.ts";
import { donorSignUpSchema } from "#core/schemas/blood-donor.ts";
import { Field, firstMessage, FormMessage, Honeypot } from "#app/components/ui/field.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { SubmitButton } from "#app/components/ui/submit-button.tsx";
import { RadioGroup } from "#app/components/ui/radio-group.tsx";
import { localDay } from "./local-day";

/** The interval choices as a donor reads them: "Every 90 days (usual for men)". */
export const intervalOptions = (intervals: Readonly<Record<DonationInterval, number>>): Record<DonationInterval, string> => ({
  men: `Every ${intervals.men} days (usual for men)`,
  women: `Every ${intervals.women} days (usual for women)`,
});

/**
 * "Become a blood donor": name, email, phone, blood group, city and area, last donation, the interval that applies,
 * and consent to the stated terms. It posts to its page with or without JavaScript (a reload sends the same
 * submission key, so nothing is stored twice).
 */
export function DonorSignUpForm({
  submissionKey,
  intervals,
  lastResult,
}: {
  submissionKey: string;
  intervals: Readonly<Record<DonationInterval, number>>;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: "blood-donor",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: donorSignUpSchema(localDay()) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const sending = useNavigation().state === "submitting";
  const formError = firstMessage(form.errors);
  const consentError = firstMessage(fields.consent.errors);
  return (
    <Form method="post" {...getFormProps(form)} className="relative flex flex-col gap-4" aria-labelledby="donor-form-heading">
      {formError && <FormMessage>{formError}</FormMessage>}
      <input type="hidden" name="intent" value="sign-up" />
      <Field meta={fields.name} label="Name" autoComplete="name" />
      <Field meta={fields.email} label="Email" type="email" autoComplete="email" description="Your personal link is mailed here." />
      <Field meta={fields.phone} label="Phone number" type="tel" autoComplete="tel" description="A Pakistani mobile: 03xx xxxxxxx." />
      <SelectField meta={fields.bloodGroup} label="Blood group" options={BLOOD_GROUP_OPTIONS} />
      <Field meta={fields.city} label="City" autoComplete="address-level2" />
      <Field meta={fields.area} label="Area" description="Your part of the city, so coordinators ask those nearest first." />
      <Field
        meta={fields.lastDonation}
        label="Last donation"
        type="date"
        description="Optional. Leave it empty if you have not given blood before."
      />
      <RadioGroup meta={fields.interval} legend="Donation interval" options={intervalOptions(intervals)} description={INTERVAL_GUIDANCE} />
      <div className="flex flex-col gap-1">
        <label className="flex items-start gap-2 text-slate-900">
          <input
            type="checkbox"
            id={fields.consent.id}
            name={fields.consent.name}
            defaultChecked={fields.consent.initialValue === "on"}
            aria-invalid={consentError ? true : undefined}
            aria-describedby={consentError ? fields.consent.errorId : undefined}
            className="mt-1 size-4 shrink-0 accent-brand-800"
          />
          <span>{DONOR_CONSENT.text}</span>
        </label>
        {consentError && (
          <p id={fields.consent.errorId} className="text-sm font-medium text-red-700">
            {consentError}
          </p>
        )}
      </div>
      <input type="hidden" name="submissionKey" value={submissionKey} />
      <Honeypot formId="blood-donor" />
      <SubmitButton busy={sending}>Become a donor</SubmitButton>
    </Form>
  );
}
