import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { PHOTO_ACCEPT, teamMemberSchema } from "#core/schemas/content-forms";
import type { ResponsiveImage } from "#core/responsive-image";
import { Field, FormMessage, firstMessage } from "~/components/ui/field";
import { PhotoField } from "~/components/ui/photo-field";
import { usePreview } from "~/lib/use-preview";
import { SaveButton, useSavedToast } from "./save-button";

interface StoredMember {
  id: string;
  version: number;
  name: string;
  title: string;
  description: string;
  photo: ResponsiveImage | null;
}

/** "Add member" or an edit of one, posted with its photo to /admin/content/team/save. */
export function TeamMemberForm({ member, onSaved }: { member?: StoredMember; onSaved: () => void }) {
  const fetcher = useFetcher<{ ok: boolean; result: SubmissionResult<string[]> }>();
  const [form, fields] = useForm({
    id: member ? `team-member-${member.id}` : "team-member-new",
    lastResult: fetcher.data?.result,
    defaultValue: member && {
      id: member.id,
      version: String(member.version),
      name: member.name,
      title: member.title,
      description: member.description,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: teamMemberSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [preview, showPreview] = usePreview();
  useSavedToast(fetcher.data, onSaved);
  const formError = firstMessage(form.errors);
  const current = preview ?? member?.photo?.src;

  return (
    <fetcher.Form
      method="post"
      action="/admin/content/team/save"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="flex flex-col gap-4"
    >
      {formError && <FormMessage>{formError}</FormMessage>}
      {member && <input {...getInputProps(fields.id, { type: "hidden" })} />}
      {member && <input {...getInputProps(fields.version, { type: "hidden" })} />}
      <Field meta={fields.name} label="Name" description="For two people, both names: “Hamza Tariq & Usman Ali”." />
      <Field meta={fields.title} label="Title" />
      <PhotoField
        meta={fields.photo}
        label="Photo"
        description="Optional. JPEG, PNG, WebP or AVIF, up to 15 MB; square photos look best."
        accept={PHOTO_ACCEPT}
        onChoose={showPreview}
      />
      {current && (
        <img
          src={current}
          alt={preview ? "Preview of the chosen photo" : `Current photo of ${member?.name ?? ""}`}
          className="size-24 rounded-full bg-slate-100 object-cover"
        />
      )}
      {member?.photo && !preview && (
        <label className="flex items-center gap-2 text-slate-900">
          <input type="checkbox" name={fields.removePhoto.name} className="size-4 accent-brand-800" />
          Remove the photo (the card shows the name&apos;s first letter)
        </label>
      )}
      <Field meta={fields.description} label="Description" description="Optional. Their duties; each line shows as a line." rows={4} />
      <SaveButton busy={fetcher.state !== "idle"} />
    </fetcher.Form>
  );
}
