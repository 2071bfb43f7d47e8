import { type FieldMetadata, getSelectProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Field, inputClass, Options } from "./field";

/** A labelled choice of one of `options` (value -> what the admin reads). */
export function SelectField({
  meta,
  label,
  options,
  description,
}: {
  meta: FieldMetadata<string>;
  label: string;
  options: Readonly<Record<string, string>>;
  description?: ReactNode;
}) {
  return (
    <Field
      meta={meta}
      label={label}
      description={description}
      control={(aria) => (
        <select {...getSelectProps(meta, { ariaAttributes: false })} {...aria} className={inputClass}>
          <Options values={Object.keys(options)} labels={options} />
        </select>
      )}
    />
  );
}
