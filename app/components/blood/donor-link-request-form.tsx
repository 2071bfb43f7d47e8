import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { donorLinkRequestSchema } from "#core/schemas/blood-donor.ts";
import { Field, firstMessage, FormMessage } from "#app/components/ui/field.tsx";
import { SubmitButton } from "#app/components/ui/submit-button.tsx";

/** "Lost your link?": an email, to which a new personal link is mailed if it is a donor's. Posts to `action`. */
export function DonorLinkRequestForm({
  action,
  lastResult,
  sent,
}: {
  action: string;
  lastResult?: SubmissionResult<string[]>;
  sent?: string;
}) {
  const [form, fields] = useForm({
    id: "donor-link",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: donorLinkRequestSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "new-link";
  const formError = firstMessage(form.errors);
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="flex flex-col gap-4" aria-labelledby="donor-link-heading">
      {formError && <FormMessage>{formError}</FormMessage>}
      {sent && <FormMessage tone="success">{sent}</FormMessage>}
      <input type="hidden" name="intent" value="new-link" />
      <Field meta={fields.email} label="Email" type="email" autoComplete="email" />
      <SubmitButton busy={sending} variant="outline">
        Mail me a new link
      </SubmitButton>
    </Form>
  );
}
