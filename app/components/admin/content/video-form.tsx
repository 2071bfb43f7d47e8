import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { href, useRevalidator } from "react-router";
import { VIDEO_ACCEPT, videoChoiceSchema } from "#core/schemas/content-forms.ts";
import { VIDEO_MAX_BYTES } from "#core/schemas/limits.ts";
import { useConfirmedAction } from "#app/components/admin/forms/confirmed-action.ts";
import { Button } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { FormMessage, firstMessage } from "#app/components/ui/field.tsx";
import { FileField } from "#app/components/ui/photo-field.tsx";
import { ADMIN_ACCESS_MESSAGES } from "#core/messages/admin-access.ts";
import { CONTENT_FAILED, VIDEO_TOO_LARGE_MESSAGE } from "#core/messages/content.ts";
import { uploadVideo } from "#app/lib/video-upload.ts";
import { holdWhileUploading } from "#app/lib/leave-while-uploading.ts";
import type { FormAnswer } from "#app/components/admin/forms/admin-form.tsx";
import { SubmitButton } from "#app/components/ui/submit-button.tsx";
import { useAnswerToasts } from "#app/components/admin/forms/answer-toasts.ts";
import type { Route } from "../../../routes/admin/content/+types/home";

type StoredVideo = Route.ComponentProps["loaderData"]["video"];

/** A refusal the form shows that came without Conform's result (no network, a part refused), at the field or the form. */
const refusedAt = (field: "" | "video", message: string): FormAnswer => ({
  ok: false,
  result: { status: "error", error: { [field]: [message] } },
});

/** What the form shows of the answer that ended an upload: the join's result, or why a part was refused. */
function answerOf(status: number, body: unknown): FormAnswer {
  if (status === 0) return refusedAt("", CONTENT_FAILED.uploadNotSent);
  if (status === 401) return refusedAt("", ADMIN_ACCESS_MESSAGES.sessionEnded);
  if (status === 413) return refusedAt("video", VIDEO_TOO_LARGE_MESSAGE);
  const answer = body as (Partial<FormAnswer> & { error?: string }) | null;
  // The join's result, or a part's refusal (at the video field when the video is not one the site takes).
  if (answer?.result) return answer as FormAnswer;
  // A guard's refusal (its `error`), or no answer the form can read.
  return refusedAt("", answer?.error ?? CONTENT_FAILED.videoNotSaved(status));
}

/**
 * The documentary of "How it's started": the stored one plays here; a new one is sent in parts with a progress bar
 * (it may be a couple of hundred megabytes) and replaces it once stored. Remove takes it off the home page after a confirmation.
 */
export function VideoForm({ video }: { video: StoredVideo }) {
  const [answer, setAnswer] = useState<FormAnswer>();
  const [upload, setUpload] = useState<{ sent: number; total: number; joining: boolean }>();
  const revalidator = useRevalidator();
  const [form, fields] = useForm({
    id: "video",
    lastResult: answer?.result as SubmissionResult<string[]> | undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: videoChoiceSchema }),
    shouldValidate: "onSubmit",
    async onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success" || upload) return;
      const file = submission.value.video as File;
      setUpload({ sent: 0, total: file.size, joining: false });
      const release = holdWhileUploading("video");
      const { status, body } = await uploadVideo(file, video.version, {
        onProgress: (sent, total) => setUpload({ sent, total, joining: false }),
        onJoining: () => setUpload((shown) => shown && { ...shown, joining: true }),
      }).finally(release);
      setUpload(undefined);
      setAnswer(answerOf(status, body));
    },
  });
  useAnswerToasts(answer, { onSuccess: () => void revalidator.revalidate() });
  const remove = useConfirmedAction<{ id: string }>({
    action: () => href("/admin/content/home"),
    body: () => ({ intent: "remove-video", version: String(video.version) }),
    toasts: { failure: CONTENT_FAILED.removeVideo },
  });
  const formError = firstMessage(form.errors);
  const percent = upload ? Math.round((upload.sent / upload.total) * 100) : 0;

  return (
    <div className="mt-4 flex flex-col gap-5">
      {video.url ? (
        <video
          src={video.url}
          controls
          preload="metadata"
          aria-label="The current video"
          className="aspect-video w-full max-w-md rounded-md bg-black"
        />
      ) : (
        <p className="text-slate-700">No video yet: the dialog says the video cannot be played.</p>
      )}
      <form {...getFormProps(form)} aria-label="Documentary video" className="flex flex-col gap-5">
        {formError && <FormMessage>{formError}</FormMessage>}
        <input type="hidden" name="version" value={String(video.version)} />
        <FileField
          meta={fields.video}
          label={video.url ? "New video" : "Video"}
          accept={VIDEO_ACCEPT}
          description={`An MP4 or WebM file up to ${VIDEO_MAX_BYTES / 1024 / 1024} MB; 720p is plenty for the dialog. It replaces the current video once uploaded.`}
        />
        {upload && (
          <div>
            <progress max={upload.total} value={upload.sent} aria-label="Upload of the video" className="h-2 w-full accent-brand-800" />
            <p role="status" className="text-sm text-slate-700">
              {upload.joining ? "Storing the video…" : `Uploading: ${percent}%`}
            </p>
          </div>
        )}
        <SubmitButton busy={upload !== undefined} />
      </form>
      {video.url && (
        <>
          <Button variant="outline" className="self-start" onClick={() => remove.select({ id: "video" })}>
            Remove video
          </Button>
          <ConfirmDialog {...remove.dialog} confirmLabel="Remove" confirmVariant="danger" title="Remove the video?">
            “How it&apos;s started” will say the video cannot be played until a new one is uploaded.
          </ConfirmDialog>
        </>
      )}
    </div>
  );
}
