import { zodResolver } from "@hookform/resolvers/zod";
import { useCallback, useEffect, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { describedBy, Field, inputClass } from "~/components/ui/field";
import { Spinner } from "~/components/ui/spinner";
import { showToast } from "~/components/ui/toasts";
import { createAnnouncementSchema } from "~/schemas/announcement";
import { postForm } from "./post-form";

/** A local preview of the chosen file; each address is released when the file changes or the form goes. */
function usePreview(): [string | undefined, (file: Blob | undefined) => void] {
  const [url, setUrl] = useState<string>();
  const current = useRef<string | undefined>(undefined);
  const show = useCallback((file: Blob | undefined) => {
    if (current.current) URL.revokeObjectURL(current.current);
    current.current = file ? URL.createObjectURL(file) : undefined;
    setUrl(current.current);
  }, []);
  useEffect(() => () => {
    if (current.current) URL.revokeObjectURL(current.current);
  }, []);
  return [url, show];
}

/** SPEC 5, "Create announcement": the same form in the panel's dialog and on /admin-announcement. */
export function CreateAnnouncementForm({ onCreated }: { onCreated: () => void }) {
  const form = useForm({
    resolver: zodResolver(createAnnouncementSchema),
    defaultValues: { image: [], description: "", url: "" },
  });
  const { errors, isSubmitting } = form.formState;
  // A fresh file input after a reset (a file input's value cannot be set from code).
  const [fileInputKey, setFileInputKey] = useState(0);
  const [preview, showPreview] = usePreview();

  const onSubmit = form.handleSubmit(async (values) => {
    const body = new FormData();
    for (const file of values.image) body.append("image", file);
    body.append("description", values.description);
    body.append("url", values.url);
    const result = await postForm("/admin/announcements", body);
    if (!result.ok) {
      if (result.errors?.image) form.setError("image", { message: result.errors.image });
      showToast.error("Failed to create announcement");
      return;
    }
    showToast.success("Announcement created!");
    form.reset();
    showPreview(undefined);
    setFileInputKey((key) => key + 1);
    onCreated();
  });

  const imageError = errors.image?.message;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Create announcement">
      <Field id="announcement-image" label="Image" error={imageError}>
        <Controller
          control={form.control}
          name="image"
          render={({ field }) => (
            <input
              key={fileInputKey}
              id="announcement-image"
              type="file"
              accept="image/*"
              name={field.name}
              onBlur={field.onBlur}
              ref={field.ref}
              onChange={(event) => {
                const files = Array.from(event.target.files ?? []);
                showPreview(files[0]);
                field.onChange(files);
              }}
              className="block w-full rounded-md border border-slate-400 bg-white p-2 text-slate-900 file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-900 focus:outline-2 focus:outline-brand-800"
              {...describedBy("announcement-image", imageError)}
            />
          )}
        />
      </Field>
      {preview && <img src={preview} alt="Preview of the chosen image" className="max-h-56 w-full rounded-md bg-slate-100 object-contain" />}
      <Field id="announcement-description" label="Description" error={errors.description?.message}>
        <textarea
          id="announcement-description"
          rows={5}
          className={inputClass}
          {...describedBy("announcement-description", errors.description?.message)}
          {...form.register("description")}
        />
      </Field>
      <Field id="announcement-url" label="Google Form URL" error={errors.url?.message}>
        <input
          id="announcement-url"
          type="url"
          inputMode="url"
          placeholder="https://forms.gle/…"
          className={inputClass}
          {...describedBy("announcement-url", errors.url?.message)}
          {...form.register("url")}
        />
      </Field>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting && <Spinner />}
        Create Announcement
      </Button>
    </form>
  );
}
