import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { announcementSchema, DEFAULT_LINK_LABEL, type PublishChoice } from "#core/schemas/announcement";
import type { ResponsiveImage } from "#core/responsive-image";
import { Button } from "~/components/ui/button";
import { Field, FormMessage, firstMessage } from "~/components/ui/field";
import { PhotoFieldWithPreview } from "~/components/ui/photo-field";
import { SelectField } from "~/components/ui/select-field";
import { Spinner } from "~/components/ui/spinner";
import { showToast } from "~/components/ui/toasts";
import { useActionResult } from "~/lib/use-action-result";

/** A stored announcement as its edit form starts: the fields as text, and its image. */
export interface EditedAnnouncement {
  id: string;
  version: number;
  image: ResponsiveImage | null;
  form: {
    title: string;
    description: string;
    url: string;
    linkLabel: string;
    publish: PublishChoice;
    publishAt: string;
    expiresAt: string;
    pinned: boolean;
    eventStartsAt: string;
    eventEndsAt: string;
    eventLocation: string;
  };
}

const PUBLISH_OPTIONS: Record<PublishChoice, string> = {
  now: "Now (a live announcement keeps its publish time)",
  scheduled: "At a set time",
  draft: "Not yet: keep it as a draft",
};

/**
 * SPEC 5, "Create announcement", and the edit of one: the same form in the panel's dialog and on
 * /admin-announcement, posted to /admin/announcements. Times are read in the society's time zone.
 */
export function AnnouncementForm({ announcement, onSaved }: { announcement?: EditedAnnouncement; onSaved: () => void }) {
  const fetcher = useFetcher<{ ok: boolean; result: SubmissionResult<string[]> }>();
  const editing = announcement !== undefined;
  const [form, fields] = useForm({
    id: editing ? `edit-announcement-${announcement.id}` : "announcement-new",
    lastResult: fetcher.data?.result,
    defaultValue: announcement && { ...announcement.form, pinned: announcement.form.pinned ? "on" : undefined },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: announcementSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useActionResult(fetcher.data, ({ ok }) => {
    if (!ok) {
      showToast.error(editing ? "Failed to save announcement" : "Failed to create announcement");
      return;
    }
    showToast.success(editing ? "Announcement saved!" : "Announcement created!");
    onSaved();
  });
  const submitting = fetcher.state !== "idle";
  const formError = firstMessage(form.errors);
  const publish = (fields.publish.value ?? announcement?.form.publish ?? "now") as PublishChoice;

  return (
    <fetcher.Form
      method="post"
      action="/admin/announcements"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="flex flex-col gap-4"
      aria-label={editing ? "Edit announcement" : "Create announcement"}
    >
      {formError && <FormMessage>{formError}</FormMessage>}
      {announcement && <input type="hidden" name="id" value={announcement.id} />}
      {announcement && <input type="hidden" name="version" value={String(announcement.version)} />}
      <Field meta={fields.title} label="Title" description="Optional. Without one the card says “Announcement”." />
      <PhotoFieldWithPreview
        meta={fields.image}
        label="Image"
        description="Optional. A poster or photo, up to 5 MB."
        accept="image/*"
        current={announcement?.image ? { src: announcement.image.src, alt: "Current image" } : undefined}
        previewAlt="Preview of the chosen image"
        imageClassName="max-h-56 w-full rounded-md bg-slate-100 object-contain"
        whileKept={
          <label className="flex items-center gap-2 text-slate-900">
            <input type="checkbox" name={fields.removeImage.name} className="size-4 accent-brand-800" />
            Remove the image (the card shows text only)
          </label>
        }
      />
      <Field meta={fields.description} label="Description" description="Line breaks are kept; web addresses become links." rows={5} />
      <Field
        meta={fields.url}
        label="Google Form URL"
        description="Optional. Any web address the card's button opens."
        type="url"
        inputMode="url"
        placeholder="https://forms.gle/…"
      />
      <Field meta={fields.linkLabel} label="Button label" description="Optional." placeholder={DEFAULT_LINK_LABEL} />
      <SelectField meta={fields.publish} label="Publish" options={PUBLISH_OPTIONS} />
      {publish === "scheduled" && <Field meta={fields.publishAt} label="Goes live at" type="datetime-local" />}
      <Field
        meta={fields.expiresAt}
        label="Expires at"
        description="Optional. It leaves the announcements page then."
        type="datetime-local"
      />
      <fieldset className="flex flex-col gap-4 rounded-md border border-slate-300 p-4">
        <legend className="px-1 font-semibold text-slate-900">Event (optional)</legend>
        <p className="text-sm text-slate-700">With a start, the card offers “Add to calendar”.</p>
        <Field meta={fields.eventStartsAt} label="Starts at" type="datetime-local" />
        <Field meta={fields.eventEndsAt} label="Ends at" description="Optional. Without it calendars show an hour." type="datetime-local" />
        <Field meta={fields.eventLocation} label="Place" description="Optional. “Hall 2, main campus”, say." />
      </fieldset>
      <label className="flex items-center gap-2 text-slate-900">
        <input type="checkbox" name={fields.pinned.name} defaultChecked={announcement?.form.pinned} className="size-4 accent-brand-800" />
        Pin it to the top of the announcements page
      </label>
      <Button type="submit" disabled={submitting}>
        {submitting && <Spinner />}
        {editing ? "Save" : "Create Announcement"}
      </Button>
    </fetcher.Form>
  );
}
