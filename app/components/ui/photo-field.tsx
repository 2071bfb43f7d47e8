import { type FieldMetadata, getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Field } from "./field";

interface PhotoFieldProps {
  meta: FieldMetadata<unknown>;
  label: string;
  description?: ReactNode;
  /** The file types the picker offers; the server judges the bytes. */
  accept: string;
  /** Called with the chosen file (or none), to show a preview. */
  onChoose: (file: File | undefined) => void;
}

/** A labelled file picker for one photo: on a phone it offers the camera roll. */
export function PhotoField({ meta, label, description, accept, onChoose }: PhotoFieldProps) {
  return (
    <Field
      meta={meta}
      label={label}
      description={description}
      control={(aria) => (
        <input
          {...getInputProps(meta, { type: "file", ariaAttributes: false })}
          {...aria}
          accept={accept}
          onChange={(event) => onChoose(event.target.files?.[0])}
          className="block w-full rounded-md border border-slate-400 bg-white p-2 text-slate-900 file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-900 focus:outline-2 focus:outline-brand-800"
        />
      )}
    />
  );
}
