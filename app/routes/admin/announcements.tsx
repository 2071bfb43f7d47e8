import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { MessagesLink } from "~/components/admin/admin-toolbar";
import { CreateAnnouncementForm } from "~/components/admin/create-announcement-form";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useConfirmedDelete } from "~/components/admin/use-confirmed-delete";
import { AnnouncementCard } from "~/components/site/announcement-card";
import { BackButton } from "~/components/site/back-button";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/lib/require-admin.server";
import type { Route } from "./+types/announcements";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const [announcements, unreadMessages] = await Promise.all([
    context.services.announcements.listPublic(),
    context.services.contactMessages.unreadCount(),
  ]);
  return { announcements, unreadMessages };
}

export function meta() {
  return [{ title: "Your Announcements" }, { name: "robots", content: "noindex, nofollow" }];
}

/** SPEC 2, "Admin announcements", and SPEC 4, "Announcement list". */
export default function AdminAnnouncements({ loaderData }: Route.ComponentProps) {
  const [creating, setCreating] = useState(false);
  const remove = useConfirmedDelete<{ id: string }>({
    action: ({ id }) => `/admin/announcements/${encodeURIComponent(id)}/delete`,
    success: "Announcement deleted successfully!",
    failure: "Failed to delete announcement",
  });
  const { announcements } = loaderData;
  const openCreate = () => {
    remove.cancel();
    setCreating(true);
  };

  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <BackButton />
        <div className="flex flex-wrap gap-2">
          <MessagesLink unread={loaderData.unreadMessages} />
          <Button size="sm" onClick={openCreate}>
            <Plus className="size-4" aria-hidden />
            Create Announcement
          </Button>
        </div>
      </div>
      <h1 className="mt-6 text-3xl font-extrabold text-brand-900 sm:text-4xl">Your Announcements</h1>
      <p className="mt-2 text-lg text-slate-700">
        Manage and review all your announcements. Ensure your audience always sees the most up-to-date and important information
      </p>
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
                    remove.select(announcement);
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
      <ConfirmDialog
        {...remove.dialog}
        confirmLabel="Delete"
        confirmVariant="danger"
        title="Are you absolutely sure you want to delete this announcement?"
      >
        This action is irreversible. Once deleted, the announcement cannot be recovered and will be permanently removed for all users.
        Please confirm if you wish to proceed.
      </ConfirmDialog>
    </main>
  );
}
