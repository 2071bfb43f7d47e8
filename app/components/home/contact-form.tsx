import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { formsEn } from "#core/i18n/forms/en.ts";
import { localizedPath } from "#core/i18n/locale.ts";
import { Field, firstMessage, FormMessage, Honeypot } from "#app/components/ui/field.tsx";
import { SubmitButton } from "#app/components/ui/submit-button.tsx";
import { preloadToasts, showToast } from "#app/components/ui/toasts.ts";
import { useBook, useLocale } from "#app/lib/i18n.ts";
import { onDemand } from "#app/lib/on-demand.ts";
import { useActionResult } from "#app/lib/use-action-result.ts";
import type { validateContact } from "./contact-validation";

/** The schema (and zod with it) loads when the visitor starts writing, not with the home page; so do the toasts. */
const contactChecks = onDemand(() => import("./contact-validation"), "the contact form's checks");

/**
 * Name, Email, Message and Send Message (SPEC 2, "Contact"). With JavaScript it posts in the background (spinner,
 * button disabled, toasts); without, the browser posts the form and lands on /contact, which shows `lastResult`.
 */
export function ContactForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const forms = useBook("forms", formsEn);
  const words = forms.contact;
  const isFillAll = (meta: { errors?: string[] }) => firstMessage(meta.errors) === words.fillAll;
  const fetcher = useFetcher<{ ok: boolean; result?: SubmissionResult<string[]> }>();
  // One key per message, sent again with a retry, so a retried send stores one message. Minted in the browser at the
  // first send: the page is the same for every visitor.
  const submissionKey = useRef<HTMLInputElement>(null);
  const checksRequested = useRef(false);
  const [form, fields] = useForm({
    lastResult: fetcher.data?.result ?? lastResult,
    // Before the checks have arrived (a send at once after the page loaded), the server checks alone.
    onValidate: ({ formData }) => contactChecks.current()?.validateContact(formData, forms) as ReturnType<typeof validateContact>,
    shouldRevalidate: "onInput",
  });
  useActionResult(fetcher.data, ({ ok, result }) => {
    if (ok) {
      showToast.success(words.success);
      submissionKey.current!.value = "";
    } else {
      showToast.error(firstMessage(result?.error) ?? words.failure);
    }
  });
  const sending = fetcher.state !== "idle";
  // Marks the form once React runs it (on the home page its code arrives as the visitor nears it), as root.tsx marks
  // <html>: the browser tests wait for it.
  const formElement = useRef<HTMLFormElement>(null);
  useEffect(() => {
    formElement.current!.dataset.hydrated = "";
  }, []);
  // Without JavaScript, the answer arrives as the page: its message shows in the form.
  const pageMessage = lastResult && !fetcher.data ? firstMessage(lastResult.error) : undefined;

  return (
    <fetcher.Form
      method="post"
      action={localizedPath("/contact", useLocale())}
      {...getFormProps(form)}
      onSubmit={(event) => {
        const target = event.currentTarget;
        if (!contactChecks.current() && !checksRequested.current) {
          // Sent at once after the page loaded: the checks (and their messages) come first, then the form goes.
          event.preventDefault();
          checksRequested.current = true;
          void contactChecks.load().then(() => target.requestSubmit());
          return;
        }
        submissionKey.current!.value ||= crypto.randomUUID();
        form.onSubmit(event);
        // Conform found the form incomplete: the spec's toast names the first problem ('Please fill all fields').
        const checks = contactChecks.current();
        if (!event.defaultPrevented || !checks) return;
        const checked = checks.validateContact(new FormData(target), forms);
        if (checked.status !== "success") showToast.error(firstMessage(checked.error) ?? words.fillAll);
      }}
      onFocus={() => {
        void contactChecks.load();
        preloadToasts();
      }}
      className="relative flex flex-col gap-4"
      aria-label={words.formName}
      ref={formElement}
    >
      {pageMessage && <FormMessage>{pageMessage}</FormMessage>}
      {/* An empty field is marked; 'Please fill all fields' is said once, for the form (SPEC 5). */}
      <Field meta={fields.name} label={words.name} autoComplete="name" showError={!isFillAll(fields.name)} />
      <Field meta={fields.email} label={words.email} type="email" autoComplete="email" showError={!isFillAll(fields.email)} />
      <Field meta={fields.message} label={words.message} rows={5} showError={!isFillAll(fields.message)} />
      <input ref={submissionKey} type="hidden" name="submissionKey" defaultValue="" />
      <Honeypot formId="contact" />
      <SubmitButton busy={sending}>{words.send}</SubmitButton>
    </fetcher.Form>
  );
}
