import { type FormEvent, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { preloadToasts, showToast } from "~/components/ui/toasts";

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-slate-900 focus:border-brand-800 focus:outline-2 focus:outline-brand-800";

/** The spec's strings, repeated here so the home page does not load the schema module before a visitor writes. */
const OUTCOME_TEXT = {
  sent: "Thank you for contacting us! Email sent successfully.",
  invalid: "Please fill all fields",
  email: "Invalid email",
  failed: "Something went wrong while sending the email.",
} as const;

export type ContactOutcome = keyof typeof OUTCOME_TEXT;

export const contactOutcome = (value: string | null): ContactOutcome | null =>
  value !== null && Object.hasOwn(OUTCOME_TEXT, value) ? (value as ContactOutcome) : null;

/** The shared schema (app/schemas/contact.ts) loads when the visitor starts writing, not with the page; so do the toasts. */
const loadSchema = () => import("~/schemas/contact");

const newKey = () => crypto.randomUUID();

/**
 * Name, Email, Message and Send Message (SPEC 2, "Contact"). With JavaScript it posts in the background
 * (spinner, button disabled, toasts); without, the browser posts the form and /contact redirects back here.
 */
export function ContactForm({ outcome }: { outcome: ContactOutcome | null }) {
  const [sending, setSending] = useState(false);
  const submissionKey = useRef<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const fields = Object.fromEntries([...new FormData(formElement)].map(([key, value]) => [key, String(value)]));
    const { contactSchema, CONTACT_MESSAGES } = await loadSchema();
    const parsed = contactSchema.safeParse(fields);
    if (!parsed.success) {
      showToast.error(parsed.error.issues[0]?.message ?? CONTACT_MESSAGES.fillAll);
      return;
    }
    submissionKey.current ??= newKey();
    setSending(true);
    try {
      const response = await fetch("/contact", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ ...fields, submissionKey: submissionKey.current }),
      });
      if (!response.ok) throw new Error(`contact answered ${response.status}`);
      showToast.success(CONTACT_MESSAGES.success);
      formElement.reset();
      submissionKey.current = null;
    } catch {
      showToast.error(CONTACT_MESSAGES.failure);
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      method="post"
      action="/contact"
      noValidate
      onSubmit={onSubmit}
      onFocus={() => {
        void loadSchema();
        preloadToasts();
      }}
      className="relative flex flex-col gap-4"
      aria-label="Contact form"
    >
      {outcome && (
        <p role="status" className={outcome === "sent" ? "rounded-md bg-green-50 p-3 font-semibold text-green-900" : "rounded-md bg-red-50 p-3 font-semibold text-red-900"}>
          {OUTCOME_TEXT[outcome]}
        </p>
      )}
      <div>
        <label htmlFor="contact-name" className="font-semibold text-slate-900">
          Name
        </label>
        <input id="contact-name" name="name" autoComplete="name" className={inputClass} />
      </div>
      <div>
        <label htmlFor="contact-email" className="font-semibold text-slate-900">
          Email
        </label>
        <input id="contact-email" name="email" type="email" autoComplete="email" className={inputClass} />
      </div>
      <div>
        <label htmlFor="contact-message" className="font-semibold text-slate-900">
          Message
        </label>
        <textarea id="contact-message" name="message" rows={5} className={inputClass} />
      </div>
      {/* Honeypot: people never see or reach it; bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Leave this empty</label>
        <input id="contact-website" name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <Button type="submit" className="self-start" disabled={sending}>
        {sending && <Spinner />}
        Send Message
      </Button>
    </form>
  );
}
