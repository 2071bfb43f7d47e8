import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { firstMessage } from "./field";

/** One of a few choices as radio buttons in a fieldset named by `legend`, with the field's first error under them. */
export function RadioGroup({
  meta,
  legend,
  options,
  description,
}: {
  meta: FieldMetadata<unknown>;
  legend: string;
  options: Readonly<Record<string, string>>;
  description?: ReactNode;
}) {
  const error = firstMessage(meta.errors);
  const describedBy = [description ? meta.descriptionId : undefined, error ? meta.errorId : undefined].filter(Boolean).join(" ");
  return (
    <fieldset aria-describedby={describedBy || undefined} className="flex flex-col gap-2">
      <legend className="mb-1 font-semibold text-slate-900">{legend}</legend>
      {description && (
        <p id={meta.descriptionId} className="text-sm text-slate-700">
          {description}
        </p>
      )}
      {Object.entries(options).map(([value, label]) => (
        <label key={value} className="flex items-center gap-2 text-slate-900">
          <input
            type="radio"
            name={meta.name}
            value={value}
            defaultChecked={meta.initialValue === value}
            aria-invalid={error ? true : undefined}
            className="size-4 accent-brand-800"
          />
          {label}
        </label>
      ))}
      {error && (
        <p id={meta.errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
