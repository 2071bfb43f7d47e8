import { type FieldMetadata, getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { Form, useNavigation } from "react-router";
import { formsEn } from "#core/i18n/forms/en.ts";
import { registrationEn } from "#core/i18n/registration/en.ts";
import { answerField, type RegistrationQuestion, registrationSchemasIn } from "#core/schemas/registration.ts";
import { Field, firstMessage, FormMessage, Honeypot } from "#app/components/ui/field.tsx";
import { RadioGroup } from "#app/components/ui/radio-group.tsx";
import { SubmitButton } from "#app/components/ui/submit-button.tsx";
import { useBook } from "#app/lib/i18n.ts";

/**
 * An announcement's registration form: name, email, phone, class and the admin's questions (as written), its words and
 * its checks' messages in the page's language. It posts to its page's action (in that language) with or without JavaScript (a reload sends the same submission key, so nothing is stored twice). Once the
 * places are taken (as the page was drawn, or as the server answered a registration) the button asks for the waiting list.
 */
export function RegistrationForm({
  questions,
  submissionKey,
  lastResult,
  full,
}: {
  questions: RegistrationQuestion[];
  submissionKey: string;
  lastResult?: SubmissionResult<string[]>;
  /** The places are taken: the form asks for the waiting list. */
  full: boolean;
}) {
  const { checks } = useBook("forms", formsEn);
  const { register: words } = useBook("registration", registrationEn);
  const schema = useMemo(() => registrationSchemasIn({ checks, register: words }).form(questions), [checks, words, questions]);
  const [form, fields] = useForm({
    id: "registration",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const sending = useNavigation().state === "submitting";
  const formError = firstMessage(form.errors);
  const answerMeta = (index: number) => (fields as unknown as Record<string, FieldMetadata<string>>)[answerField(index)]!;

  return (
    <Form method="post" {...getFormProps(form)} className="relative flex flex-col gap-4" aria-label={words.formName}>
      {formError && <FormMessage>{formError}</FormMessage>}
      <Field meta={fields.name} label={words.name} autoComplete="name" />
      <Field meta={fields.email} label={words.email} type="email" autoComplete="email" />
      <Field meta={fields.phone} label={words.phone} type="tel" autoComplete="tel" />
      <Field meta={fields.class} label={words.class} description={words.classHint} />
      {questions.map((question, index) =>
        question.kind === "choice" ? (
          <RadioGroup
            key={question.label}
            meta={answerMeta(index)}
            legend={question.label}
            options={Object.fromEntries(question.choices.map((choice) => [choice, choice]))}
          />
        ) : (
          <Field
            key={question.label}
            meta={answerMeta(index)}
            label={question.label}
            description={question.required ? undefined : words.optional}
            rows={question.kind === "long" ? 4 : undefined}
          />
        ),
      )}
      <input type="hidden" name="submissionKey" value={submissionKey} />
      <Honeypot formId="registration" />
      <SubmitButton busy={sending} name="waitingList" value={full ? "yes" : "no"}>
        {full ? words.joinWaitingList : words.register}
      </SubmitButton>
    </Form>
  );
}
