import type { FormEvent } from "react";
import toast from "react-hot-toast";
import { Button } from "~/components/ui/button";

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-slate-900 focus:border-brand-800 focus:outline-2 focus:outline-brand-800";

/** Name, Email, Message and Send Message (SPEC 2, "Contact"). */
export function ContactForm() {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const empty = ["name", "email", "message"].some((field) => String(form.get(field) ?? "").trim() === "");
    if (empty) {
      event.preventDefault();
      toast.error("Please fill all fields");
    }
  };
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Contact form">
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
      <Button type="submit" className="self-start">
        Send Message
      </Button>
    </form>
  );
}
