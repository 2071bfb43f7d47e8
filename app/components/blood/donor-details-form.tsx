import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { AVAILABILITY_LABELS } from "#core/messages/blood.ts";
import { donorUpdateSchema } from "#core/schemas/blood-donor.ts";
import { Field, firstMessage, FormMessage } from "#app/components/ui/field.tsx";
import { SubmitButton } from "#app/components/ui/submit-button.tsx";
import { localDay } from "./local-day";
import { RadioGroup } from "#app/components/ui/radio-group.tsx";
import type { Route } from "../../routes/+types/blood-donor-link";

/** What the donor's details form starts with: the donor as stored. */
type DonorDetails = NonNullable<Route.ComponentProps["loaderData"]["donor"]>;

/** The phone as the donor would type it: 03xx xxxxxxx. */
const localMobile = (phone: string) => (phone.startsWith("+92") ? `0${phone.slice(3, 6)} ${phone.slice(6)}` : phone);

/**
 * A donor's own details: availability (with its date), last donation, city, area and phone. Posts the `update` intent
 * with the link's token, with or without JavaScript.
 */
export function DonorDetailsForm({
  token,
  donor,
  lastResult,
  saved,
}: {
  token: string;
  donor: DonorDetails;
  lastResult?: SubmissionResult<string[]>;
  saved?: string;
}) {
  const [form, fields] = useForm({
    id: "donor-details",
    lastResult,
    defaultValue: {
      availability: donor.availability,
      availableFrom: donor.availableFrom ?? "",
      lastDonation: donor.lastDonation ?? "",
      city: donor.city,
      area: donor.area,
      phone: localMobile(donor.phone),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: donorUpdateSchema(localDay()) }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "update";
  const formError = firstMessage(form.errors);
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" aria-labelledby="donor-details-heading">
      {formError && <FormMessage>{formError}</FormMessage>}
      {saved && <FormMessage tone="success">{saved}</FormMessage>}
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="token" value={token} />
      <RadioGroup meta={fields.availability} legend="Can coordinators ask you?" options={AVAILABILITY_LABELS} />
      <Field meta={fields.availableFrom} label="Available from" type="date" description="Only with “Available from a date”." />
      <Field meta={fields.lastDonation} label="Last donation" type="date" description="Optional. Record each donation here." />
      <Field meta={fields.city} label="City" autoComplete="address-level2" />
      <Field meta={fields.area} label="Area" />
      <Field meta={fields.phone} label="Phone number" type="tel" autoComplete="tel" />
      <SubmitButton busy={sending}>Save</SubmitButton>
    </Form>
  );
}
