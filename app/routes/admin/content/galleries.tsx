import { countOf } from "#core/count-of.ts";
import { Images } from "lucide-react";
import { href, Link } from "react-router";
import { ContentListScreen } from "#app/components/admin/content/content-list-screen.tsx";
import { GalleryForm } from "#app/components/admin/content/gallery-form.tsx";
import { Picture } from "#app/components/site/picture.tsx";
import { GALLERY_KINDS } from "#core/gallery-kinds.ts";
import type { Route } from "./+types/galleries";
import { galleriesActionSchema } from "#core/schemas/content-actions.ts";
import { contentSaveAction } from "#app/lib/forms.server.ts";
import { servicesContext } from "#app/context.ts";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return context.get(servicesContext).contentEditor.galleries.list();
}

/** `save`: "New gallery" or an edit of one; its photos are uploaded one by one once it exists (its id is in the answer). */
export const action = contentSaveAction(galleriesActionSchema, (editor) => editor.galleries.save);

export const meta = () => unlistedPageMeta("Galleries · Site content");

export default function GalleriesContent({ loaderData }: Route.ComponentProps) {
  const { galleries, explore } = loaderData;
  return (
    <ContentListScreen
      title="Galleries"
      intro="The events and activities on the Events & Activities page, in this order. A gallery shows there once it has photos."
      addLabel="New gallery"
      editTitle="Edit gallery"
      dialogDescription="An event's or activity's name, kind, date and a few lines about it; then its photos."
      form={(item, close) => <GalleryForm gallery={item} onSaved={close} />}
      items={galleries}
      list="galleries"
      itemName={(gallery) => gallery.name}
      kind="gallery"
      empty="No galleries yet."
      render={(gallery) => (
        <div className="flex items-start gap-4">
          {gallery.cover ? (
            <Picture image={gallery.cover} sizes="96px" className="shrink-0" imgClassName="aspect-[4/3] w-24 rounded object-cover" />
          ) : (
            <span aria-hidden className="flex aspect-[4/3] w-24 shrink-0 items-center justify-center rounded bg-slate-100">
              <Images className="size-6 text-slate-500" />
            </span>
          )}
          <div>
            <p className="font-bold text-slate-900">{gallery.name}</p>
            <p className="text-slate-700">
              {GALLERY_KINDS[gallery.kind]}
              {gallery.date && ` · ${gallery.date}`} · {countOf(gallery.photoCount, "photo")}
              {gallery.photoCount === 0 && " (not shown on the site yet)"}
            </p>
            <Link
              to={href("/admin/content/galleries/:id", { id: encodeURIComponent(gallery.id) })}
              className="mt-1 inline-block font-semibold text-brand-800 underline underline-offset-4"
            >
              Photos<span className="sr-only"> of {gallery.name}</span>
            </Link>
          </div>
        </div>
      )}
    >
      {explore && (
        <section aria-labelledby="explore-photos" className="mt-8 rounded-lg border border-slate-300 bg-white p-4">
          <h2 id="explore-photos" className="text-xl font-bold text-brand-900">
            Explore SMC photos
          </h2>
          <p className="mt-1 text-slate-700">The photos of the Explore SMC page: {countOf(explore.photoCount, "photo")}.</p>
          <Link
            to={href("/admin/content/galleries/:id", { id: encodeURIComponent(explore.id) })}
            className="mt-2 inline-block font-semibold text-brand-800 underline underline-offset-4"
          >
            Photos<span className="sr-only"> of Explore SMC</span>
          </Link>
        </section>
      )}
    </ContentListScreen>
  );
}
