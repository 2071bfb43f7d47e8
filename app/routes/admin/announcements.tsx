import { Plus, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { CreateAnnouncementForm } from "~/components/admin/create-announcement-form";
import { DeleteConfirmDialog } from "~/components/admin/delete-confirm-dialog";
import { AnnouncementCard } from "~/components/site/announcement-card";
import { BackButton } from "~/components/site/back-button";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { showToast } from "~/components/ui/toasts";
import { useActionResult } from "~/lib/use-action-result";
import { requireAdmin } from "~/lib/require-admin.server";
import type { Route } from "./+types/announcements";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { announcements: await context.services.announcements.listPublic() };
}

export function meta() {
  return [{ title: "Your Announcements" }, { name: "robots", content: "noindex, nofollow" }];
}

interface Selection {
  id: string;
  imageId: string;
}

/** SPEC 2, "Admin announcements", and SPEC 4, "Announcement list". */
export default function AdminAnnouncements({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const fetcher = useFetcher<{ ok: true } | { ok: false; error: string }>();
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<Selection>();
  const [confirming, setConfirming] = useState(false);
  const deleting = fetcher.state !== "idle";
  const deletingId = useRef<string>(undefined);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const announcements = loaderData.announcements.filter((announcement) => !removed.has(announcement.id));

  const openCreate = () => {
    setConfirming(false);
    setCreating(true);
  };
  const clearSelection = () => {
    setSelected(undefined);
    setConfirming(false);
  };

  useActionResult(fetcher.data, (answer) => {
    if (answer.ok) {
      setRemoved((previous) => new Set(previous).add(deletingId.current!));
      showToast.success("Announcement deleted successfully!");
    } else {
      showToast.error(answer.error || "Failed to delete announcement");
    }
    clearSelection();
  });

  const deleteSelected = () => {
    if (!selected?.id || !selected.imageId) {
      showToast.error("Please refresh the page and Try again!");
      clearSelection();
      return;
    }
    deletingId.current = selected.id;
    void fetcher.submit(null, { method: "post", action: `/admin/announcements/${encodeURIComponent(selected.id)}/delete` });
  };

  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <BackButton />
        <Button size="sm" onClick={openCreate}>
          <Plus className="size-4" aria-hidden />
          Create Announcement
        </Button>
      </div>
      <h1 className="mt-6 text-3xl font-extrabold text-brand-900 sm:text-4xl">Your Announcements</h1>
      <p className="mt-2 text-lg text-slate-700">
        Manage and review all your announcements. Ensure your audience always sees the most up-to-date and important information
      </p>
      {revalidator.state === "loading" && (
        <p className="mt-2 flex items-center gap-2 text-slate-700" role="status">
          <Spinner className="size-4" /> Loading…
        </p>
      )}
      {announcements.length === 0 ? (
        <div className="mt-16 flex flex-col items-center gap-4 text-center">
          <p className="text-xl font-semibold text-slate-800">No announcement created yet.</p>
          <Button onClick={openCreate}>Create Now</Button>
        </div>
      ) : (
        <ul className="mt-8 grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
          {announcements.map((announcement, index) => (
            <li key={announcement.id}>
              <AnnouncementCard announcement={announcement} position={index + 1} priority={index === 0}>
                <Button
                  variant="danger"
                  className="w-full"
                  onClick={() => {
                    setCreating(false);
                    setSelected({ id: announcement.id, imageId: announcement.imageId });
                    setConfirming(true);
                  }}
                >
                  <Trash2 className="size-4" aria-hidden />
                  Delete Announcement
                </Button>
              </AnnouncementCard>
            </li>
          ))}
        </ul>
      )}
      <AdminDialog
        open={creating}
        onOpenChange={setCreating}
        title="Create Announcement"
        description="Add an image, a description and the Google Form link people register with."
        className="h-[70vh]"
      >
        <CreateAnnouncementForm onCreated={() => setCreating(false)} />
      </AdminDialog>
      <DeleteConfirmDialog
        open={confirming}
        title="Are you absolutely sure you want to delete this announcement?"
        deleting={deleting}
        onCancel={clearSelection}
        onConfirm={deleteSelected}
      >
        This action is irreversible. Once deleted, the announcement cannot be recovered and will be permanently removed for all users.
        Please confirm if you wish to proceed.
      </DeleteConfirmDialog>
    </main>
  );
}
