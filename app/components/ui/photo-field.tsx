import { type FieldMetadata, getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { usePreview } from "#app/lib/use-preview.ts";
import { Checkbox, Field } from "./field";

interface FileFieldProps {
  meta: FieldMetadata<unknown>;
  label: string;
  description?: ReactNode;
  /** The file types the picker offers; the server judges the bytes. */
  accept: string;
  /** Called with the chosen file (or none), to show a preview. */
  onChoose?: (file: File | undefined) => void;
}

/** A labelled file picker for one file (a photo, a video): on a phone it offers the camera roll. */
export function FileField({ meta, label, description, accept, onChoose }: FileFieldProps) {
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
          onChange={(event) => onChoose?.(event.target.files?.[0])}
          className="block w-full rounded-md border border-slate-400 bg-white p-2 text-slate-900 file:me-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-900 focus:outline-2 focus:outline-brand-800"
        />
      )}
    />
  );
}

/**
 * A FileField for a photo, with its picture under it: the chosen file's preview, or else the stored photo (`current`).
 * `remove` adds a box that removes the stored photo (its field's name, its words), shown only while that photo stays.
 */
export function PhotoFieldWithPreview({
  current,
  previewAlt,
  imageClassName,
  remove,
  ...field
}: Omit<FileFieldProps, "onChoose"> & {
  current: { src: string; alt: string } | undefined;
  previewAlt: string;
  imageClassName: string;
  remove?: { name: string; label: string };
}) {
  const [preview, showPreview] = usePreview();
  const shown = preview ? { src: preview, alt: previewAlt } : current;
  return (
    <>
      <FileField {...field} onChoose={showPreview} />
      {shown && <img src={shown.src} alt={shown.alt} className={imageClassName} />}
      {current && !preview && remove && <Checkbox name={remove.name}>{remove.label}</Checkbox>}
    </>
  );
}
