import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useId, useRef, useState } from "react";
import { href, Link, useFetcher } from "react-router";
import { formsEn, type FormWords } from "#core/i18n/forms/en.ts";
import { localizedPath } from "#core/i18n/locale.ts";
import { joinSchemasIn } from "#core/schemas/join.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Field, firstMessage, FormMessage, Honeypot } from "#app/components/ui/field.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { showToast } from "#app/components/ui/toasts.ts";
import { useBook, useLocale } from "#app/lib/i18n.ts";
import { useActionResult } from "#app/lib/use-action-result.ts";
import { ChipList } from "./chip-list";

/** Where the form stands after a post: the step to show, the first step's values, and the messages. */
export interface JoinAnswer {
  step: 1 | 2;
  values?: Record<string, string>;
  result?: SubmissionResult<string[]>;
  joined?: boolean;
}

/** The blood group's offer to join the blood-donor registry, opened beside the form so its answers stay. */
function BloodDonorOffer({ words }: { words: FormWords["join"] }) {
  return (
    <>
      {words.bloodDonorQuestion}{" "}
      <Link to={href("/blood-donors")} target="_blank" className="font-semibold text-brand-800 underline">
        {words.becomeBloodDonor}
      </Link>
    </>
  );
}

/** The first step's fields; each one's label is the join book's string of the same name. */
const STEP1_FIELDS = [
  { name: "fullname", autoComplete: "name" },
  { name: "class" },
  { name: "department" },
  { name: "sargodhaAddress", autoComplete: "street-address" },
  { name: "permanentAddress" },
  { name: "email", type: "email", autoComplete: "email" },
  { name: "phone", type: "tel", autoComplete: "tel" },
  { name: "bloodGroup" },
] as const;

/**
 * 'Fill the form below to Join us' (SPEC 2 and 4): step 1 basic information, Next only when valid; step 2 the six
 * questions, Back keeps the values, Join Us sends the application to /join. With JavaScript the first step is checked
 * in the browser and the application goes in the background; without, each step is a post, and `answer` (the page's
 * action data) says which step to show with which messages.
 */
export function JoinForm({
  questions,
  submissionKey,
  answer,
  onJoined,
  onStepChange,
  onSubmittingChange,
}: {
  questions: readonly string[];
  /** Makes a retried application store one row; the form takes a new one after each success. */
  submissionKey: string;
  answer?: JoinAnswer;
  onJoined?: () => void;
  onStepChange?: (step: 1 | 2) => void;
  onSubmittingChange?: (submitting: boolean) => void;
}) {
  const id = useId();
  const forms = useBook("forms", formsEn);
  const words = forms.join;
  const schemas = joinSchemasIn(forms);
  const action = localizedPath("/join", useLocale());
  const fetcher = useFetcher<JoinAnswer>();
  const current = fetcher.data ?? answer;
  const [step, setStep] = useState<1 | 2>(answer?.step ?? 1);
  const [values, setValues] = useState<Record<string, string>>(answer?.values ?? {});
  const [key, setKey] = useState(submissionKey);
  /** Lists typed in since their errors were shown: typing clears a list's error (SPEC 5). */
  const [typedLists, setTypedLists] = useState<ReadonlySet<string>>(new Set());
  const processingToast = useRef<string>(undefined);
  const submitting = fetcher.state !== "idle";

  const stepOne = useRef<HTMLFormElement>(null);
  const stepTwo = useRef<HTMLFormElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    onStepChange?.(step);
    // A step the applicant moved to takes the focus: its first field.
    if (shownStep.current === step) return;
    shownStep.current = step;
    (step === 1 ? stepOne : stepTwo).current?.querySelector<HTMLElement>("input:not([type=hidden]), textarea")?.focus();
  }, [step, onStepChange]);
  useEffect(() => {
    onSubmittingChange?.(submitting);
  }, [submitting, onSubmittingChange]);
  useActionResult(fetcher.data, (result) => {
    if (result.joined) {
      showToast.success(words.success, { id: processingToast.current });
      setValues({});
      setStep(1);
      setKey(crypto.randomUUID());
      onJoined?.();
      return;
    }
    // The server's reason (applications closed, too many, how long to wait), shown in the form too; the spec's words
    // when it gave none (field errors show at their fields).
    showToast.error(firstMessage(result.result?.error?.[""]) ?? words.failure, { id: processingToast.current });
    setStep(result.step);
  });

  const [step1, step1Fields] = useForm({
    id: `${id}-basic`,
    defaultValue: values,
    lastResult: step === 1 ? current?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemas.step1 }),
    shouldRevalidate: "onInput",
    onSubmit(event, { formData }) {
      // Checked here: the questions come next without a round trip.
      event.preventDefault();
      setValues(Object.fromEntries(STEP1_FIELDS.map(({ name }) => [name, String(formData.get(name) ?? "")])));
      setStep(2);
    },
  });
  const [step2, step2Fields] = useForm({
    id: `${id}-questions`,
    lastResult: step === 2 ? current?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemas.submission }),
    shouldRevalidate: "onInput",
  });

  // Both steps stay in the page, the other one hidden, so Back finds the first step as it was left.
  const formMessage = firstMessage(current?.result?.error?.[""]);
  return (
    <>
      <form
        method="post"
        action={action}
        {...getFormProps(step1)}
        ref={stepOne}
        hidden={step !== 1}
        className="flex flex-col gap-4"
        aria-label={words.step1Name}
      >
        <p className="text-slate-700">{words.step1}</p>
        {STEP1_FIELDS.map(({ name, ...input }) => (
          <Field
            key={name}
            meta={step1Fields[name]!}
            label={words[name]}
            description={name === "bloodGroup" ? <BloodDonorOffer words={words} /> : undefined}
            {...input}
          />
        ))}
        <div className="flex justify-end">
          <Button type="submit" name="intent" value="next">
            {words.next}
          </Button>
        </div>
      </form>
      <fetcher.Form
        method="post"
        action={action}
        {...getFormProps(step2)}
        ref={stepTwo}
        hidden={step !== 2}
        onSubmit={(event) => {
          setTypedLists(new Set());
          step2.onSubmit(event);
          if (!event.defaultPrevented) processingToast.current = showToast.loading(words.processing);
        }}
        aria-label={words.step2Name}
      >
        <p className="text-slate-700">{words.step2}</p>
        {formMessage && (!fetcher.data || formMessage !== words.failure) && <FormMessage>{formMessage}</FormMessage>}
        {/* While the application is on its way, every field and both buttons (Back, Join Us) are disabled. */}
        <fieldset disabled={submitting} className="mt-4 flex min-w-0 flex-col gap-4">
          {Object.entries(values).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="submissionKey" value={key} />
          {(["question1", "question2", "question3", "question4"] as const).map((name, index) => (
            <Field key={name} meta={step2Fields[name]} label={`${index + 1}. ${questions[index] ?? ""}`} rows={3} />
          ))}
          {(["question5", "question6"] as const).map((name, offset) => (
            <ChipList
              key={name}
              meta={step2Fields[name]}
              label={`${5 + offset}. ${questions[4 + offset] ?? ""}`}
              disabled={submitting}
              words={words}
              showError={!typedLists.has(name)}
              onTyping={() => setTypedLists((typed) => new Set(typed).add(name))}
            />
          ))}
          <Honeypot formId={id} />
          <div className="flex justify-between gap-3">
            <Button
              type="submit"
              name="intent"
              value="back"
              variant="outline"
              formNoValidate
              onClick={(event) => {
                event.preventDefault();
                setStep(1);
              }}
            >
              {words.back}
            </Button>
            <Button type="submit" name="intent" value="submit">
              {submitting && <Spinner />}
              {words.submit}
            </Button>
          </div>
        </fieldset>
      </fetcher.Form>
    </>
  );
}
