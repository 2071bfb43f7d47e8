import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/cn";

export const inputClass =
  "block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:border-brand-800 focus:outline-2 focus:outline-brand-800 aria-[invalid=true]:border-red-700";

/** A label, its control and the control's error message, tied together for assistive technology. */
export function Field({ id, label, error, children, className }: { id: string; label: string; error?: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="font-semibold text-slate-900">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Props that connect an input to its Field's error. */
export const describedBy = (id: string, error?: string): Pick<ComponentProps<"input">, "aria-invalid" | "aria-describedby"> =>
  error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};
