import { type FieldMetadata, getInputProps, getTextareaProps } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { clsx } from "clsx";
import { HONEYPOT_FIELD } from "#core/schemas/limits.ts";

export const inputClass =
  "block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:border-brand-800 focus:outline-2 focus:outline-brand-800 disabled:bg-slate-100 aria-[invalid=true]:border-red-700";

/**
 * The one message to show for a list of errors or a map of them (a field's `errors` or `allErrors`, a result's
 * `error`, whose "" key holds the form's own): the first, if any.
 */
export const firstMessage = (errors: string[] | Record<string, string[] | null> | null | undefined): string | undefined =>
  Object.values(errors ?? {}).flat()[0] ?? undefined;

/** The `<option>`s of a choice, in the order of `values`: each shown as its entry in `labels`, or as itself. */
export function Options({ values, labels }: { values: readonly string[]; labels?: Readonly<Record<string, string>> }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels?.[value] ?? value}
    </option>
  ));
}

type InputType = "text" | "email" | "password" | "tel" | "url" | "date" | "datetime-local";

/** What ties a control to its field's description and error. */
export interface ControlAria {
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "children"> {
  meta: FieldMetadata<unknown>;
  label: string;
  type?: InputType;
  /** A textarea instead of an input. */
  rows?: number;
  /** A line of help under the label, read out with the control. */
  description?: ReactNode;
  /** A control of the field's own (it must use `meta.id` and spread `aria`). */
  control?: (aria: ControlAria) => ReactNode;
  /** A button on the input's right edge (show the password). */
  inputButton?: ReactNode;
  /** False when a message for the whole form says it already (the field is still marked invalid). */
  showError?: boolean;
}

/**
 * A label, its control, an optional description and the control's first error (its own, or one of its entries' for
 * a list), tied together for assistive technology. The control's name, id, value and aria attributes come from
 * Conform, so the same markup works with and without JavaScript.
 */
export function Field({
  meta,
  label,
  type = "text",
  rows,
  description,
  control,
  inputButton,
  showError = true,
  className,
  ...rest
}: FieldProps) {
  const error = firstMessage(meta.allErrors);
  const shown = showError ? error : undefined;
  const describedBy = [description ? meta.descriptionId : undefined, shown ? meta.errorId : undefined].filter(Boolean).join(" ");
  const aria: ControlAria = { "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined };
  return (
    <div className={clsx("flex flex-col gap-1", className)}>
      <label htmlFor={meta.id} className="font-semibold text-slate-900">
        {label}
      </label>
      {description && (
        <p id={meta.descriptionId} className="text-sm text-slate-700">
          {description}
        </p>
      )}
      {control ? (
        control(aria)
      ) : rows ? (
        <textarea
          {...getTextareaProps(meta, { ariaAttributes: false })}
          {...aria}
          rows={rows}
          lang={rest.lang}
          dir={rest.dir}
          className={inputClass}
        />
      ) : (
        <div className="relative">
          <input
            {...getInputProps(meta, { type, ariaAttributes: false })}
            {...aria}
            {...rest}
            className={clsx(inputClass, inputButton && "pe-12")}
          />
          {inputButton}
        </div>
      )}
      {shown && (
        <p id={meta.errorId} className="text-sm font-medium text-red-700">
          {shown}
        </p>
      )}
    </div>
  );
}

/** A checkbox with its words (`children`) beside it, the whole line its label. */
export function Checkbox({ children, ...input }: Omit<InputHTMLAttributes<HTMLInputElement>, "className">) {
  return (
    <label className="flex items-center gap-2 text-slate-900">
      <input type="checkbox" {...input} className="size-4 accent-brand-800" />
      {children}
    </label>
  );
}

const TONES = { error: "bg-red-50 text-red-900", success: "bg-green-50 text-green-900", notice: "bg-amber-50 text-amber-900" } as const;

/** A form-wide message (a refused login, a failed submission), announced when it appears. */
export function FormMessage({ children, tone = "error" }: { children: ReactNode; tone?: keyof typeof TONES }) {
  return (
    <p role={tone === "error" ? "alert" : "status"} className={clsx("rounded-md p-3 font-semibold", TONES[tone])}>
      {children}
    </p>
  );
}

/** A field of the public forms that people never see or reach and bots fill in (app/lib/forms.server.ts drops those). */
export function Honeypot({ formId }: { formId: string }) {
  const id = `${formId}-${HONEYPOT_FIELD}`;
  return (
    // Off the page on the side it cannot scroll to, in either direction (the start: left in English, right in Urdu).
    <div aria-hidden="true" className="absolute -start-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this empty</label>
      <input id={id} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
    </div>
  );
}
