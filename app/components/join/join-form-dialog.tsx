import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useRef, useState } from "react";
import { Controller, type FieldError, useForm, type UseFormRegisterReturn } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import { showToast } from "~/components/ui/toasts";
import { HONEYPOT_FIELD, JOIN_MESSAGES, type JoinStep1Input, joinStep1Schema, joinStep2Schema } from "~/schemas/join";
import type { z } from "zod";
import { ChipList } from "./chip-list";

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-slate-900 focus:border-brand-800 focus:outline-2 focus:outline-brand-800 disabled:bg-slate-100";

const STEP1_DEFAULTS: JoinStep1Input = {
  fullname: "",
  class: "",
  department: "",
  sargodhaAddress: "",
  permanentAddress: "",
  email: "",
  phone: "",
  bloodGroup: "",
};
type Step2Input = z.input<typeof joinStep2Schema>;
const STEP2_DEFAULTS: Step2Input = { question1: "", question2: "", question3: "", question4: "", question5: [], question6: [] };

const newKey = () => crypto.randomUUID();

function Field({
  id,
  label,
  error,
  registration,
  type = "text",
  autoComplete,
  multiline = false,
}: {
  id: string;
  label: string;
  error: FieldError | undefined;
  registration: UseFormRegisterReturn;
  type?: string;
  autoComplete?: string;
  multiline?: boolean;
}) {
  const errorId = `${id}-error`;
  const common = { id, "aria-invalid": error ? true : undefined, "aria-describedby": error ? errorId : undefined, className: inputClass, ...registration };
  return (
    <div>
      <label htmlFor={id} className="font-semibold text-slate-900">
        {label}
      </label>
      {multiline ? <textarea rows={3} {...common} /> : <input type={type} autoComplete={autoComplete} {...common} />}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error.message}
        </p>
      )}
    </div>
  );
}

/**
 * 'Fill the form below to Join us' (SPEC 2 and 4): step 1 basic information, Next only when valid; step 2
 * the six questions, Back keeps the values, Join Us submits. Both steps use the schemas /join parses with.
 */
export function JoinFormDialog({
  open,
  onOpenChange,
  questions,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  questions: readonly string[];
  /** Where focus goes when the dialog closes (Radix's DialogContent prop). */
  onCloseAutoFocus: (event: Event) => void;
}) {
  const id = useId();
  const [step, setStep] = useState<1 | 2>(1);
  const [submitting, setSubmitting] = useState(false);
  const submissionKey = useRef(newKey());
  const honeypot = useRef<HTMLInputElement>(null);
  const step1 = useForm({ resolver: zodResolver(joinStep1Schema), defaultValues: STEP1_DEFAULTS });
  const step2 = useForm({ resolver: zodResolver(joinStep2Schema), defaultValues: STEP2_DEFAULTS });

  const resetAll = () => {
    step1.reset(STEP1_DEFAULTS);
    step2.reset(STEP2_DEFAULTS);
    setStep(1);
    submissionKey.current = newKey();
  };

  const changeOpen = (next: boolean) => {
    if (submitting) return;
    // SPEC 4: closing on step 1 resets the forms; on step 2 the answers wait for the applicant's return.
    if (!next && step === 1) resetAll();
    onOpenChange(next);
  };

  const sendApplication = async (answers: z.output<typeof joinStep2Schema>) => {
    setSubmitting(true);
    const toastId = showToast.loading(JOIN_MESSAGES.processing);
    try {
      const response = await fetch("/join", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ ...step1.getValues(), ...answers, submissionKey: submissionKey.current, [HONEYPOT_FIELD]: honeypot.current?.value ?? "" }),
      });
      if (!response.ok) throw new Error(`join answered ${response.status}`);
      showToast.success(JOIN_MESSAGES.success, { id: toastId });
      resetAll();
      onOpenChange(false);
    } catch {
      showToast.error(JOIN_MESSAGES.failure, { id: toastId });
    } finally {
      setSubmitting(false);
    }
  };

  const e1 = step1.formState.errors;
  const e2 = step2.formState.errors;
  const field = (name: keyof JoinStep1Input) => `${id}-${name}`;

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle>Fill the form below to Join us</DialogTitle>
        <DialogDescription>{step === 1 ? "Step 1 of 2: basic information" : "Step 2 of 2: a few questions"}</DialogDescription>
        {step === 1 ? (
          <form
            noValidate
            onSubmit={(event) => void step1.handleSubmit(() => setStep(2))(event)}
            className="mt-4 flex flex-col gap-4"
            aria-label="Join us, step 1"
          >
            <Field id={field("fullname")} label="Full name" autoComplete="name" error={e1.fullname} registration={step1.register("fullname")} />
            <Field id={field("class")} label="Class" error={e1.class} registration={step1.register("class")} />
            <Field id={field("department")} label="Department" error={e1.department} registration={step1.register("department")} />
            <Field
              id={field("sargodhaAddress")}
              label="Sargodha address"
              autoComplete="street-address"
              error={e1.sargodhaAddress}
              registration={step1.register("sargodhaAddress")}
            />
            <Field id={field("permanentAddress")} label="Permanent address" error={e1.permanentAddress} registration={step1.register("permanentAddress")} />
            <Field id={field("email")} label="Email" type="email" autoComplete="email" error={e1.email} registration={step1.register("email")} />
            <Field id={field("phone")} label="Phone" type="tel" autoComplete="tel" error={e1.phone} registration={step1.register("phone")} />
            <Field id={field("bloodGroup")} label="Blood group (optional)" error={e1.bloodGroup} registration={step1.register("bloodGroup")} />
            <div className="flex justify-end">
              <Button type="submit">Next</Button>
            </div>
          </form>
        ) : (
          <form noValidate onSubmit={(event) => void step2.handleSubmit(sendApplication)(event)} aria-label="Join us, step 2">
            {/* While the application is on its way, every field and both buttons (Back, Join Us) are disabled. */}
            <fieldset disabled={submitting} className="mt-4 flex min-w-0 flex-col gap-4">
              {(["question1", "question2", "question3", "question4"] as const).map((name, index) => (
                <Field
                  key={name}
                  id={`${id}-${name}`}
                  label={`${index + 1}. ${questions[index] ?? ""}`}
                  multiline
                  error={e2[name]}
                  registration={step2.register(name)}
                />
              ))}
              {(["question5", "question6"] as const).map((name, offset) => (
                <Controller
                  key={name}
                  control={step2.control}
                  name={name}
                  render={({ field: list, fieldState }) => (
                    <ChipList
                      id={`${id}-${name}`}
                      label={`${5 + offset}. ${questions[4 + offset] ?? ""}`}
                      value={list.value}
                      onChange={(value) => {
                        list.onChange(value);
                        if (value.length > 0) step2.clearErrors(name);
                      }}
                      onTyping={() => step2.clearErrors(name)}
                      error={fieldState.error?.message}
                      disabled={submitting}
                      inputClassName={inputClass}
                    />
                  )}
                />
              ))}
              {/* Honeypot: people never see or reach it; bots fill it in. */}
              <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
                <label htmlFor={`${id}-website`}>Leave this empty</label>
                <input id={`${id}-website`} ref={honeypot} tabIndex={-1} autoComplete="off" />
              </div>
              <div className="flex justify-between gap-3">
                <Button type="button" variant="outline" disabled={submitting} onClick={() => setStep(1)}>
                  Back
                </Button>
                <Button type="submit" disabled={submitting}>
                  {submitting && <Spinner />}
                  Join Us
                </Button>
              </div>
            </fieldset>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
