import { type FieldMetadata, getInputProps, getTextareaProps } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { cn } from "~/lib/cn";

export const inputClass =
  "block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:border-brand-800 focus:outline-2 focus:outline-brand-800 disabled:bg-slate-100 aria-[invalid=true]:border-red-700";

/** The message to show for a field: its first error, if any. */
export const firstError = (meta: Pick<FieldMetadata, "errors">): string | undefined => meta.errors?.[0];

type InputType = "text" | "email" | "password" | "tel" | "url";

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "children"> {
  meta: FieldMetadata<unknown>;
  label: string;
  type?: InputType;
  /** A textarea instead of an input. */
  rows?: number;
  /** A control of the field's own (it must use `meta.id`, and `meta.descriptionId`/`errorId` for its aria attributes). */
  control?: ReactNode;
  hint?: string;
  /** False when a message for the whole form says it already (the field is still marked invalid). */
  showError?: boolean;
}

/**
 * A label, its control and the control's first error, tied together for assistive technology. The control's name,
 * id, value and aria attributes come from Conform, so the same markup works with and without JavaScript.
 */
export function Field({ meta, label, type = "text", rows, control, hint, showError = true, className, ...rest }: FieldProps) {
  const error = firstError(meta);
  const shown = showError ? error : undefined;
  const describedBy = [hint ? meta.descriptionId : undefined, shown ? meta.errorId : undefined].filter(Boolean).join(" ") || undefined;
  const aria = { "aria-invalid": error ? true : undefined, "aria-describedby": describedBy };
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={meta.id} className="font-semibold text-slate-900">
        {label}
      </label>
      {hint && (
        <p id={meta.descriptionId} className="text-sm text-slate-700">
          {hint}
        </p>
      )}
      {control ??
        (rows ? (
          <textarea {...getTextareaProps(meta, { ariaAttributes: false })} {...aria} rows={rows} className={inputClass} />
        ) : (
          <input {...getInputProps(meta, { type, ariaAttributes: false })} {...aria} {...rest} className={inputClass} />
        ))}
      {showError && <FieldError meta={meta} />}
    </div>
  );
}

/** The field's first error, where `aria-describedby` points (also for a control of the field's own). */
export function FieldError({ meta }: { meta: FieldMetadata<unknown> }) {
  const error = firstError(meta);
  return error ? (
    <p id={meta.errorId} className="text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
}

/** A form-wide message (a refused login, a failed submission), announced when it appears. */
export function FormMessage({ children, tone = "error" }: { children: ReactNode; tone?: "error" | "success" }) {
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={cn("rounded-md p-3 font-semibold", tone === "error" ? "bg-red-50 text-red-900" : "bg-green-50 text-green-900")}
    >
      {children}
    </p>
  );
}
