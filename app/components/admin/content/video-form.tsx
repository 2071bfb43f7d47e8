import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { VIDEO_ACCEPT, VIDEO_TOO_LARGE_MESSAGE, videoUploadSchema } from "#core/schemas/content-forms";
import { VIDEO_MAX_BYTES } from "#core/schemas/limits";
import { useConfirmedDelete } from "~/components/admin/use-confirmed-delete";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FormMessage, firstMessage } from "~/components/ui/field";
import { FileField } from "~/components/ui/photo-field";
import { NETWORK_MESSAGE, postWithProgress, SESSION_ENDED_MESSAGE } from "~/lib/post-with-progress";
import type { ContentAnswer } from "./content-form";
import { SaveButton, useSavedToast } from "./save-button";

export interface StoredVideo {
  /** Where the stored video plays from, or null when there is none. */
  url: string | null;
  /** The home details' version: the video is part of that one item. */
  version: number;
}

const UPLOAD_ACTION = "/admin/content/video";
/** A refusal the browser meets before any answer (no network, a body over the cap), as the form shows it. */
const refusedAt = (field: "" | "video", message: string): ContentAnswer => ({
  ok: false,
  result: { status: "error", error: { [field]: [message] } },
});

/**
 * The documentary of "How it's started": the stored one plays here; a new one is sent with a progress bar (it may be
 * a few hundred megabytes) and replaces it once stored. Remove takes it off the home page after a confirmation.
 */
export function VideoForm({ video }: { video: StoredVideo }) {
  const [answer, setAnswer] = useState<ContentAnswer>();
  const [upload, setUpload] = useState<{ sent: number; total: number; storing: boolean }>();
  const revalidator = useRevalidator();
  const [form, fields] = useForm({
    id: "video",
    lastResult: answer?.result as SubmissionResult<string[]> | undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: videoUploadSchema }),
    shouldValidate: "onSubmit",
    async onSubmit(event, { formData, submission }) {
      event.preventDefault();
      if (submission?.status !== "success" || upload) return;
      setUpload({ sent: 0, total: 1, storing: false });
      const { status, body } = await postWithProgress(UPLOAD_ACTION, formData, {
        onProgress: (sent, total) => setUpload({ sent, total, storing: false }),
        onSent: () => setUpload((shown) => shown && { ...shown, storing: true }),
      });
      setUpload(undefined);
      if (status === 0) return setAnswer(refusedAt("", NETWORK_MESSAGE));
      if (status === 401) return setAnswer(refusedAt("", SESSION_ENDED_MESSAGE));
      if (status === 413) return setAnswer(refusedAt("video", VIDEO_TOO_LARGE_MESSAGE));
      const taken = body as ContentAnswer | null;
      setAnswer(taken?.result ? taken : refusedAt("", `The video was not saved (error ${status}). Try again.`));
    },
  });
  useSavedToast(answer, () => void revalidator.revalidate());
  const remove = useConfirmedDelete<{ id: string }>({
    action: () => "/admin/content/video/remove",
    body: () => ({ version: String(video.version) }),
    success: "Video removed",
    failure: "The video was not removed: it was changed by someone else. Reload to see the latest.",
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
      <form
        method="post"
        action={UPLOAD_ACTION}
        encType="multipart/form-data"
        {...getFormProps(form)}
        aria-label="Documentary video"
        className="flex flex-col gap-5"
      >
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
              {upload.storing ? "Storing the video…" : `Uploading: ${percent}%`}
            </p>
          </div>
        )}
        <SaveButton busy={upload !== undefined} />
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
