import { PHOTO_ACCEPT, resourceSchema } from "#core/schemas/content-forms";
import type { ResponsiveImage } from "#core/responsive-image";
import { Field } from "~/components/ui/field";
import { PhotoField } from "~/components/ui/photo-field";
import { usePreview } from "~/lib/use-preview";
import { ContentForm, useContentForm } from "./content-form";

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
  const content = useContentForm({
    id: resource ? `resource-${resource.id}` : "resource-new",
    schema: resourceSchema,
    defaultValue: resource && {
      title: resource.title,
      menuLabel: resource.menuLabel,
      url: resource.url,
    },
    onSaved,
  });
  const { fields } = content;
  const [preview, showPreview] = usePreview();
  const current = preview ?? resource?.photo?.src;

  return (
    <ContentForm content={content} action="/admin/content/resources/save" item={resource} withFiles>
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
    </ContentForm>
  );
}
