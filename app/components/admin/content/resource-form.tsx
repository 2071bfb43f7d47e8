import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { PHOTO_ACCEPT, resourceSchema } from "#core/schemas/content-forms";
import type { ResponsiveImage } from "#core/responsive-image";
import { Field, FormMessage, firstMessage } from "~/components/ui/field";
import { PhotoField } from "~/components/ui/photo-field";
import { usePreview } from "~/lib/use-preview";
import { SaveButton, useSavedToast } from "./save-button";

interface StoredResource {
  id: string;
  version: number;
  title: string;
  menuLabel: string;
  url: string;
  photo: ResponsiveImage | null;
}

/** A new resource card (its picture required) or an edit of one, posted to /admin/content/resources/save. */
export function ResourceForm({ resource, onSaved }: { resource?: StoredResource; onSaved: () => void }) {
  const fetcher = useFetcher<{ ok: boolean; result: SubmissionResult<string[]> }>();
  const [form, fields] = useForm({
    id: resource ? `resource-${resource.id}` : "resource-new",
    lastResult: fetcher.data?.result,
    defaultValue: resource && {
      id: resource.id,
      version: String(resource.version),
      title: resource.title,
      menuLabel: resource.menuLabel,
      url: resource.url,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resourceSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [preview, showPreview] = usePreview();
  useSavedToast(fetcher.data, onSaved);
  const formError = firstMessage(form.errors);
  const current = preview ?? resource?.photo?.src;

  return (
    <fetcher.Form
      method="post"
      action="/admin/content/resources/save"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="flex flex-col gap-4"
    >
      {formError && <FormMessage>{formError}</FormMessage>}
      {resource && <input {...getInputProps(fields.id, { type: "hidden" })} />}
      {resource && <input {...getInputProps(fields.version, { type: "hidden" })} />}
      <Field meta={fields.title} label="Title" description="The card's heading: “1st Year Notes”." />
      <Field meta={fields.menuLabel} label="Menu label" description="Its name in the top bar's Resources menu: “1st Year”." />
      <Field
        meta={fields.url}
        label="Link"
        type="url"
        inputMode="url"
        placeholder="https://drive.google.com/…"
        description="The shared folder that “View Notes” opens."
      />
      <PhotoField
        meta={fields.photo}
        label="Picture"
        description={`${resource ? "Choose a file to replace the picture. " : ""}JPEG, PNG, WebP or AVIF, up to 15 MB.`}
        accept={PHOTO_ACCEPT}
        onChoose={showPreview}
      />
      {current && (
        <img
          src={current}
          alt={preview ? "Preview of the chosen picture" : `Current picture of ${resource?.title ?? ""}`}
          className="aspect-video w-48 rounded-md bg-slate-100 object-cover"
        />
      )}
      <SaveButton busy={fetcher.state !== "idle"} />
    </fetcher.Form>
  );
}
