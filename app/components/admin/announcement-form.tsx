import type { useForm } from "@conform-to/react";
import { href, useRouteLoaderData } from "react-router";
import { useState } from "react";
import type { z } from "zod";
import {
  announcementSchema,
  DEFAULT_ANNOUNCEMENT_TITLE,
  DEFAULT_LINK_LABEL,
  DEFAULT_REGISTER_LABEL,
  type PublishChoice,
  type RegistrationChoice,
} from "#core/schemas/announcement.ts";
import { QUESTION_KIND_LABELS, type QuestionKind } from "#core/schemas/registration.ts";
import { REGISTRATION_LIMITS } from "#core/schemas/registration-limits.ts";
import { Checkbox, Field } from "#app/components/ui/field.tsx";
import { PhotoFieldWithPreview } from "#app/components/ui/photo-field.tsx";
import { SelectField } from "#app/components/ui/select-field.tsx";
import { AdminForm, useAdminForm } from "#app/components/admin/forms/admin-form.tsx";
import { ANNOUNCEMENTS_FAILED } from "#core/messages/announcements.ts";
import { formatWallTime, timeSpanText } from "#core/calendar-day.ts";
import { announcementPagePath } from "#core/public-pages.ts";
import { firstLineOf } from "#core/whatsapp.ts";
import type { SiteChrome } from "#server/services/site-content.ts";
import type { AdminAnnouncement, AnnouncementNotification } from "#server/services/announcements.ts";
import { ANNOUNCEMENT_NOTIFICATION } from "#core/messages/push.ts";
import { WhatsAppPreview } from "#app/components/admin/whatsapp-preview.tsx";

/** A stored announcement as its edit form starts: the fields as text, its image and its push notification. */
type EditedAnnouncement = Pick<AdminAnnouncement, "id" | "version" | "image" | "notification" | "form">;

const EMPTY_QUESTIONS: EditedAnnouncement["form"]["questions"] = Array.from({ length: REGISTRATION_LIMITS.questions }, () => ({
  label: "",
  kind: "short",
  choices: "",
  required: false,
}));

const REGISTRATION_OPTIONS: Record<RegistrationChoice, string> = {
  link: "A link people register with elsewhere (a Google Form, say), or none",
  here: "Collect registrations here",
};

/** Conform reads a checkbox as "on" or nothing. */
const checkbox = (checked: boolean) => (checked ? "on" : undefined);

const PUBLISH_OPTIONS: Record<PublishChoice, string> = {
  now: "Now (a live announcement keeps its publish time)",
  scheduled: "At a set time",
  draft: "Not yet: keep it as a draft",
};

/**
 * SPEC 5, "Create announcement", and the edit of one: the same form in the panel's dialog and on
 * /admin-announcement, posted to /admin/announcements. Times are read in the society's time zone.
 */
export function AnnouncementForm({
  announcement,
  subscribers,
  onSaved,
}: {
  announcement?: EditedAnnouncement;
  /** How many browsers asked for notifications; undefined: not known on this page. */
  subscribers?: number;
  onSaved: () => void;
}) {
  const editing = announcement !== undefined;
  // The version the form was opened at: the save's revalidation brings the next one while the answer is still being
  // read, and a save from elsewhere meanwhile must be refused as a conflict, not overwritten.
  const [openedVersion] = useState(announcement?.version);
  const state = useAdminForm({
    id: editing ? `edit-announcement-${announcement.id}` : "announcement-new",
    action: href("/admin/announcements"),
    item: announcement && { id: announcement.id, version: openedVersion ?? announcement.version },
    schema: announcementSchema,
    defaultValue: announcement
      ? {
          ...announcement.form,
          pinned: checkbox(announcement.form.pinned),
          sendNotification: checkbox(announcement.form.sendNotification),
          questions: announcement.form.questions.map((slot) => ({ ...slot, required: checkbox(slot.required) })),
        }
      : { sendNotification: "on", questions: EMPTY_QUESTIONS.map((slot) => ({ ...slot, required: undefined })) },
    // The server says "Announcement created!" or "saved!"; a refusal's toast is the spec's, whatever the reason, which
    // shows at the fields.
    toasts: { fixedFailure: editing ? ANNOUNCEMENTS_FAILED.save : ANNOUNCEMENTS_FAILED.create },
    onSaved,
  });
  const { fields } = state;
  const publicUrl = useRouteLoaderData<SiteChrome>("root")?.publicUrl ?? "";
  const publish = (fields.publish.value ?? announcement?.form.publish ?? "now") as PublishChoice;
  const registration = (fields.registration.value ?? announcement?.form.registration ?? "link") as RegistrationChoice;

  return (
    <AdminForm
      form={state}
      withFiles
      label={editing ? "Edit announcement" : "Create announcement"}
      submit={editing ? "Save" : "Create Announcement"}
      submitClassName=""
    >
      <Field meta={fields.title} label="Title" description="Optional. Without one the card says “Announcement”." />
      <Field
        meta={fields.titleUr}
        label="Title in Urdu (optional)"
        description="The Urdu page shows it; without it, the English title."
        lang="ur"
        dir="rtl"
      />
      <PhotoFieldWithPreview
        meta={fields.image}
        label="Image"
        description="Optional. A poster or photo, up to 5 MB."
        accept="image/*"
        current={announcement?.image ? { src: announcement.image.src, alt: "Current image" } : undefined}
        previewAlt="Preview of the chosen image"
        imageClassName="max-h-56 w-full rounded-md bg-slate-100 object-contain"
        remove={{ name: fields.removeImage.name, label: "Remove the image (the card shows text only)" }}
      />
      <Field meta={fields.description} label="Description" description="Line breaks are kept; web addresses become links." rows={5} />
      <Field
        meta={fields.descriptionUr}
        label="Description in Urdu (optional)"
        description="The Urdu page shows it; without it, the English description."
        rows={5}
        lang="ur"
        dir="rtl"
      />
      <SelectField meta={fields.registration} label="Registration" options={REGISTRATION_OPTIONS} />
      {registration === "link" ? (
        <Field
          meta={fields.url}
          label="Google Form URL"
          description="Optional. Any web address the card's button opens."
          type="url"
          inputMode="url"
          placeholder="https://forms.gle/…"
        />
      ) : (
        <RegistrationSettings fields={fields} />
      )}
      <Field
        meta={fields.linkLabel}
        label="Button label"
        description="Optional."
        placeholder={registration === "here" ? DEFAULT_REGISTER_LABEL : DEFAULT_LINK_LABEL}
      />
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
      <WhatsAppPreview
        message={{
          title: textOf(fields.title.value) || DEFAULT_ANNOUNCEMENT_TITLE,
          when:
            textOf(fields.eventStartsAt.value) &&
            timeSpanText(
              formatWallTime(textOf(fields.eventStartsAt.value)),
              textOf(fields.eventEndsAt.value) && formatWallTime(textOf(fields.eventEndsAt.value)),
            ),
          where: textOf(fields.eventLocation.value),
          line: firstLineOf(textOf(fields.description.value)),
        }}
        url={announcement && `${publicUrl}${announcementPagePath(announcement.id)}`}
      />
      <Checkbox name={fields.pinned.name} defaultChecked={announcement?.form.pinned}>
        Pin it to the top of the announcements page
      </Checkbox>
      <NotificationSetting
        name={fields.sendNotification.name}
        notification={announcement?.notification ?? null}
        ticked={announcement ? announcement.form.sendNotification : true}
        subscribers={subscribers}
      />
    </AdminForm>
  );
}

/**
 * "Send notification": a push to every browser that asked, once, when the announcement goes live. One that went says
 * when and to how many instead: it is never pushed twice.
 */
function NotificationSetting({
  name,
  notification,
  ticked,
  subscribers,
}: {
  name: string;
  notification: AnnouncementNotification | null;
  ticked: boolean;
  subscribers: number | undefined;
}) {
  if (notification?.state === "fanned-out") {
    return (
      <p className="text-sm text-slate-700">
        {ANNOUNCEMENT_NOTIFICATION.sent(notification.notifiedAtText ?? "", notification.recipients ?? 0)}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <Checkbox name={name} defaultChecked={ticked} aria-describedby={`${name}-hint`}>
        {ANNOUNCEMENT_NOTIFICATION.label}
      </Checkbox>
      <p id={`${name}-hint`} className="text-sm text-slate-700">
        {ANNOUNCEMENT_NOTIFICATION.hint(subscribers)}
      </p>
    </div>
  );
}

/** A field's value as the form holds it, as text ("" for none). */
const textOf = (value: unknown): string => (typeof value === "string" ? value : "");

type AnnouncementFieldset = ReturnType<typeof useForm<z.input<typeof announcementSchema>>>[1];

/** "Collect registrations here": the places, the closing time and up to five questions of the admin's own. */
function RegistrationSettings({ fields }: { fields: AnnouncementFieldset }) {
  const slots = fields.questions.getFieldList();
  return (
    <fieldset className="flex flex-col gap-4 rounded-md border border-slate-300 p-4">
      <legend className="px-1 font-semibold text-slate-900">Registrations</legend>
      <p className="text-sm text-slate-700">
        People register on the site with their name, email, phone number and class, and get a confirmation mail. The list is under
        Registrations on the announcement.
      </p>
      <Field
        meta={fields.capacity}
        label="Places"
        description="Optional. Once they are taken, people can join a waiting list and move up when someone is removed."
        inputMode="numeric"
      />
      <Field meta={fields.registrationClosesAt} label="Registration closes at" description="Optional." type="datetime-local" />
      <details className="rounded-md border border-slate-200 p-3">
        <summary className="cursor-pointer font-semibold text-slate-900">Extra questions (up to {REGISTRATION_LIMITS.questions})</summary>
        <div className="mt-3 flex flex-col gap-4">
          {slots.map((slot, index) => {
            const question = slot.getFieldset();
            const kind = (question.kind.value ?? "short") as QuestionKind;
            return (
              <fieldset key={slot.key} className="flex flex-col gap-3 border-t border-slate-200 pt-3">
                <legend className="sr-only">Question {index + 1}</legend>
                <Field
                  meta={question.label}
                  label={`Question ${index + 1}`}
                  description={index === 0 ? "Leave it empty for none." : undefined}
                />
                <SelectField meta={question.kind} label={`Answer to question ${index + 1}`} options={QUESTION_KIND_LABELS} />
                {kind === "choice" && (
                  <Field meta={question.choices} label={`Choices for question ${index + 1}`} description="One per line." rows={3} />
                )}
                <Checkbox name={question.required.name} defaultChecked={question.required.initialValue === "on"}>
                  An answer is required
                </Checkbox>
              </fieldset>
            );
          })}
        </div>
      </details>
    </fieldset>
  );
}
