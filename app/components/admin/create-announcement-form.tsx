import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { createAnnouncementSchema } from "#core/schemas/announcement";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FileField } from "~/components/ui/photo-field";
import { Spinner } from "~/components/ui/spinner";
import { showToast } from "~/components/ui/toasts";
import { useActionResult } from "~/lib/use-action-result";
import { usePreview } from "~/lib/use-preview";

/** SPEC 5, "Create announcement": the same form in the panel's dialog and on /admin-announcement. */
export function CreateAnnouncementForm({ onCreated }: { onCreated: () => void }) {
  const fetcher = useFetcher<{ ok: boolean; result: SubmissionResult<string[]> }>();
  const [form, fields] = useForm({
    lastResult: fetcher.data?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createAnnouncementSchema }),
    shouldRevalidate: "onInput",
  });
  const [preview, showPreview] = usePreview();
  useActionResult(fetcher.data, ({ ok }) => {
    if (!ok) {
      showToast.error("Failed to create announcement");
      return;
    }
    showToast.success("Announcement created!");
    showPreview(undefined);
    onCreated();
  });
  const submitting = fetcher.state !== "idle";

  return (
    <fetcher.Form
      method="post"
      action="/admin/announcements"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="flex flex-col gap-4"
      aria-label="Create announcement"
    >
      <FileField meta={fields.image} label="Image" accept="image/*" onChoose={showPreview} />
      {preview && (
        <img src={preview} alt="Preview of the chosen image" className="max-h-56 w-full rounded-md bg-slate-100 object-contain" />
      )}
      <Field meta={fields.description} label="Description" rows={5} />
      <Field meta={fields.url} label="Google Form URL" type="url" inputMode="url" placeholder="https://forms.gle/…" />
      <Button type="submit" disabled={submitting}>
        {submitting && <Spinner />}
        Create Announcement
      </Button>
    </fetcher.Form>
  );
}
