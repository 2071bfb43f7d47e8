import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { collaboratorSchema, PHOTO_ACCEPT } from "#core/schemas/content-forms";
import type { ResponsiveImage } from "#core/responsive-image";
import { Field, FormMessage, firstMessage } from "~/components/ui/field";
import { PhotoField } from "~/components/ui/photo-field";
import { usePreview } from "~/lib/use-preview";
import { SaveButton, useSavedToast } from "./save-button";

interface StoredCollaborator {
  id: string;
  version: number;
  name: string;
  description: string;
  url: string;
  photo: ResponsiveImage | null;
}

/** A new collaborator (its logo required) or an edit of one, posted to /admin/content/collaborators/save. */
export function CollaboratorForm({ collaborator, onSaved }: { collaborator?: StoredCollaborator; onSaved: () => void }) {
  const fetcher = useFetcher<{ ok: boolean; result: SubmissionResult<string[]> }>();
  const [form, fields] = useForm({
    id: collaborator ? `collaborator-${collaborator.id}` : "collaborator-new",
    lastResult: fetcher.data?.result,
    defaultValue: collaborator && {
      id: collaborator.id,
      version: String(collaborator.version),
      name: collaborator.name,
      description: collaborator.description,
      url: collaborator.url,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: collaboratorSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [preview, showPreview] = usePreview();
  useSavedToast(fetcher.data, onSaved);
  const formError = firstMessage(form.errors);
  const current = preview ?? collaborator?.photo?.src;

  return (
    <fetcher.Form
      method="post"
      action="/admin/content/collaborators/save"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="flex flex-col gap-4"
    >
      {formError && <FormMessage>{formError}</FormMessage>}
      {collaborator && <input {...getInputProps(fields.id, { type: "hidden" })} />}
      {collaborator && <input {...getInputProps(fields.version, { type: "hidden" })} />}
      <Field meta={fields.name} label="Name" />
      <Field meta={fields.description} label="Description" description="One sentence on what you do together." rows={3} />
      <Field
        meta={fields.url}
        label="Link"
        type="url"
        inputMode="url"
        placeholder="https://…"
        description="Optional. Their website or page; their name on the card links to it."
      />
      <PhotoField
        meta={fields.photo}
        label="Logo"
        description={`${collaborator ? "Choose a file to replace the logo. " : ""}JPEG, PNG, WebP or AVIF, up to 15 MB.`}
        accept={PHOTO_ACCEPT}
        onChoose={showPreview}
      />
      {current && (
        <img
          src={current}
          alt={preview ? "Preview of the chosen logo" : `Current logo of ${collaborator?.name ?? ""}`}
          className="h-28 w-40 rounded-md bg-slate-100 object-contain"
        />
      )}
      <SaveButton busy={fetcher.state !== "idle"} />
    </fetcher.Form>
  );
}
