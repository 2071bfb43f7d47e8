import { ImagePlus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { clsx } from "clsx";
import { PHOTO_ACCEPT } from "#core/schemas/content-forms.ts";
import { Button } from "#app/components/ui/button.tsx";
import { clearFinishedUploads, type PhotoUpload, usePhotoUploads } from "#app/lib/photo-uploads.ts";

/**
 * Where photos are chosen: dropped on the box, or picked with its button (on a phone, the camera roll). Several at
 * once; the chosen files go to `onFiles`.
 */
export function PhotoDropZone({ id, label, onFiles }: { id: string; label: string; onFiles: (files: File[]) => void }) {
  const [over, setOver] = useState(false);
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        onFiles([...event.dataTransfer.files]);
      }}
      className={clsx(
        "flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-6 text-center",
        over ? "border-brand-800 bg-brand-50" : "border-slate-400 bg-white",
      )}
    >
      <ImagePlus className="size-8 text-brand-800" aria-hidden />
      <p className="text-slate-700">Drop photos here, or</p>
      <label
        htmlFor={id}
        className="inline-flex h-11 cursor-pointer items-center rounded-md bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-800"
      >
        {label}
        <input
          id={id}
          type="file"
          multiple
          accept={PHOTO_ACCEPT}
          className="sr-only"
          onChange={(event) => {
            onFiles([...(event.target.files ?? [])]);
            event.target.value = "";
          }}
        />
      </label>
      <p className="text-sm text-slate-700">JPEG, PNG, WebP or AVIF, up to 15 MB each.</p>
    </div>
  );
}

const STATE_LABELS: Record<PhotoUpload["state"], string> = {
  waiting: "Waiting",
  sending: "Uploading",
  encoding: "Preparing the sizes",
  done: "Added",
  refused: "Not added",
};

/**
 * The photos on their way into a gallery, each with its preview, a progress bar and its outcome. The page's data is
 * read again as each one lands, so it shows in the gallery at once.
 */
export function PhotoUploadList({ galleryId }: { galleryId: string }) {
  const uploads = usePhotoUploads(galleryId);
  const revalidator = useRevalidator();
  const done = uploads.filter((upload) => upload.state === "done").length;
  // From 0: uploads that landed before this screen drew (started by "New gallery") are read in at once.
  const seenDone = useRef(0);
  useEffect(() => {
    if (done > seenDone.current) void revalidator.revalidate();
    seenDone.current = done;
  }, [done, revalidator]);
  if (uploads.length === 0) return null;
  const refused = uploads.filter((upload) => upload.state === "refused").length;
  const finished = done + refused;

  return (
    <section aria-labelledby={`uploads-${galleryId}`} className="rounded-lg border border-slate-300 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`uploads-${galleryId}`} className="font-bold text-slate-900">
          Uploads ({finished} of {uploads.length} finished)
        </h2>
        {finished > 0 && (
          <Button variant="outline" size="sm" onClick={() => clearFinishedUploads(galleryId)}>
            Clear finished
          </Button>
        )}
      </div>
      <p role="status" className="sr-only">
        {finished} of {uploads.length} uploads finished{refused > 0 && `, ${refused} not added`}
      </p>
      <ul className="mt-3 flex flex-col gap-3">
        {uploads.map((upload) => (
          <li key={upload.key} className="flex items-center gap-3">
            {upload.previewUrl ? (
              <img src={upload.previewUrl} alt="" className="size-14 shrink-0 rounded bg-slate-100 object-cover" />
            ) : (
              <span aria-hidden className="size-14 shrink-0 rounded bg-slate-100" />
            )}
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold text-slate-900">{upload.fileName}</p>
              <progress
                max={upload.total || 1}
                value={upload.state === "refused" ? 0 : upload.sent}
                aria-label={`Upload of ${upload.fileName}`}
                className="mt-1 h-2 w-full accent-brand-800"
              />
              <p className={clsx("text-sm", upload.state === "refused" ? "font-medium text-red-700" : "text-slate-700")}>
                {STATE_LABELS[upload.state]}
                {upload.message && `: ${upload.message}`}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
