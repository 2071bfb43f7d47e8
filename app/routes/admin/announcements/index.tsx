import { ClipboardList, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { href, Link } from "react-router";
import { clsx } from "clsx";
import { parseWithZod } from "@conform-to/zod/v4";
import { ANNOUNCEMENT_STATES, announcementsActionSchema } from "#core/schemas/announcement.ts";
import { AdminDialog } from "#app/components/admin/admin-dialog.tsx";
import { AnnouncementForm } from "#app/components/admin/announcement-form.tsx";
import { ANNOUNCEMENT_STATE_LABELS, AnnouncementStateLine } from "#app/components/admin/announcement-state.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { useConfirmedAction } from "#app/components/admin/forms/confirmed-action.ts";
import { AnnouncementCard } from "#app/components/site/announcement-card.tsx";
import { BackButton } from "#app/components/site/back-button.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { doneAnswer, formAnswer, pageAction, readForm } from "#app/lib/forms.server.ts";
import { ANNOUNCEMENTS_DONE, ANNOUNCEMENTS_FAILED } from "#core/messages/announcements.ts";
import { goneMessage } from "#core/messages/common.ts";
import { linkName } from "#app/lib/link-name.ts";
import type { Route } from "./+types/index";
import { adminContext, servicesContext } from "#app/context.ts";
import { unlistedPageMeta } from "#app/lib/page-meta.ts";

/** The list's filters: a state, or the pinned ones; none shows all. */
const FILTERS = [...ANNOUNCEMENT_STATES, "pinned"] as const;
type Filter = (typeof FILTERS)[number];
const FILTER_LABELS: Record<Filter, string> = { ...ANNOUNCEMENT_STATE_LABELS, pinned: "Pinned" };

const isFilter = (value: string | null): value is Filter => FILTERS.includes(value as Filter);

export async function loader({ request, context }: Route.LoaderArgs) {
  const [all, registrationCounts, pushSubscribers] = await Promise.all([
    context.get(servicesContext).announcements.listForAdmin(),
    context.get(servicesContext).registrations.countsByAnnouncement(),
    context.get(servicesContext).pushNotifications.subscriberCount(),
  ]);
  const asked = new URL(request.url).searchParams.get("state");
  const filter = isFilter(asked) ? asked : null;
  const matches = (announcement: (typeof all)[number], by: Filter) => (by === "pinned" ? announcement.pinned : announcement.state === by);
  const counts = Object.fromEntries(FILTERS.map((by) => [by, all.filter((a) => matches(a, by)).length])) as Record<Filter, number>;
  const announcements = filter ? all.filter((a) => matches(a, filter)) : all;
  return {
    announcements,
    total: all.length,
    counts,
    filter,
    registrationCounts: Object.fromEntries(registrationCounts),
    pushSubscribers,
  };
}

/** `delete`: an announcement, its image and its registrations with it. */
export const action = pageAction(async ({ request, context }: Route.ActionArgs) => {
  const submission = parseWithZod(await readForm(request), { schema: announcementsActionSchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  const deleted = await context.get(servicesContext).announcements.delete(submission.value.id, context.get(adminContext).admin.id);
  if (!deleted) return formAnswer(submission.reply({ formErrors: [goneMessage("announcement")] }), 404);
  return doneAnswer(submission.reply(), ANNOUNCEMENTS_DONE.deleted);
});

export const meta = () => unlistedPageMeta("Your Announcements");

/** SPEC 2, "Admin announcements", and SPEC 4, "Announcement list", with each one's state, a filter by state, and Edit. */
export default function AdminAnnouncements({ loaderData }: Route.ComponentProps) {
  const [creating, setCreating] = useState(false);
  const [editingId, setEditingId] = useState<string>();
  const remove = useConfirmedAction<{ id: string }>({
    action: () => href("/admin-announcement"),
    body: ({ id }) => ({ intent: "delete", id }),
    toasts: { failure: ANNOUNCEMENTS_FAILED.delete },
  });
  const { announcements, total, counts, filter } = loaderData;
  const editing = announcements.find((announcement) => announcement.id === editingId);
  const openCreate = () => {
    remove.cancel();
    setEditingId(undefined);
    setCreating(true);
  };

  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <BackButton />
        <div className="flex flex-wrap gap-2">
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
      {total === 0 ? (
        <div className="mt-16 flex flex-col items-center gap-4 text-center">
          <p className="text-xl font-semibold text-slate-800">No announcement created yet.</p>
          <Button onClick={openCreate}>Create Now</Button>
        </div>
      ) : (
        <>
          <nav aria-label="Show announcements" className="mt-6">
            <ul className="flex flex-wrap gap-2">
              {[null, ...FILTERS].map((by) => (
                <li key={by ?? "all"}>
                  <Link
                    to={by ? `?state=${by}` : "."}
                    aria-current={by === filter ? "page" : undefined}
                    className={clsx(
                      "inline-block rounded-full border px-3 py-1 text-sm font-semibold",
                      by === filter ? "border-brand-800 bg-brand-800 text-white" : "border-slate-300 text-slate-800 hover:bg-slate-100",
                    )}
                  >
                    {by ? FILTER_LABELS[by] : "All"} ({by ? counts[by] : total})
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {announcements.length === 0 ? (
            <p className="mt-10 text-center text-lg text-slate-800">No {FILTER_LABELS[filter!].toLowerCase()} announcements.</p>
          ) : (
            <ul className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
              {announcements.map((announcement, index) => (
                <li key={announcement.id}>
                  <AnnouncementCard
                    announcement={announcement}
                    position={index + 1}
                    priority={index === 0}
                    badges={<AnnouncementStateLine announcement={announcement} />}
                  >
                    <div className="grid grid-cols-2 gap-2">
                      <Button
                        variant="outline"
                        onClick={() => {
                          remove.cancel();
                          setCreating(false);
                          setEditingId(announcement.id);
                        }}
                      >
                        <Pencil className="size-4" aria-hidden />
                        Edit
                        <span className="sr-only">{announcement.heading}</span>
                      </Button>
                      <Button
                        variant="danger"
                        onClick={() => {
                          setCreating(false);
                          setEditingId(undefined);
                          remove.select(announcement);
                        }}
                      >
                        <Trash2 className="size-4" aria-hidden />
                        Delete Announcement
                      </Button>
                    </div>
                    <RegistrationsLink
                      announcement={announcement}
                      counts={loaderData.registrationCounts[announcement.id] ?? { registered: 0, waiting: 0 }}
                    />
                  </AnnouncementCard>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <AdminDialog
        open={creating}
        onOpenChange={setCreating}
        title="Create Announcement"
        description="A title, a description, an image and a link people register with; all but the description are optional."
        className="h-[70vh]"
      >
        <AnnouncementForm subscribers={loaderData.pushSubscribers} onSaved={() => setCreating(false)} />
      </AdminDialog>
      <AdminDialog
        open={editing !== undefined}
        onOpenChange={(open) => !open && setEditingId(undefined)}
        title="Edit announcement"
        description="Change any of it; the public page shows the change at once."
        className="h-[70vh]"
      >
        {editing && (
          <AnnouncementForm
            key={editing.id}
            announcement={editing}
            subscribers={loaderData.pushSubscribers}
            onSaved={() => setEditingId(undefined)}
          />
        )}
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

/** The way to an announcement's registrations, with how many there are; none for one that never took any here. */
function RegistrationsLink({
  announcement,
  counts,
}: {
  announcement: { id: string; heading: string; form: { registration: string } };
  counts: { registered: number; waiting: number };
}) {
  if (announcement.form.registration !== "here" && counts.registered + counts.waiting === 0) return null;
  const label = `Registrations (${counts.registered} registered, ${counts.waiting} waiting)`;
  return (
    <Button asChild variant="outline" className="mt-2 w-full">
      <Link
        to={href("/admin/announcements/:id/registrations", { id: encodeURIComponent(announcement.id) })}
        aria-label={linkName(label, announcement.heading)}
      >
        <ClipboardList className="size-4" aria-hidden />
        {label}
      </Link>
    </Button>
  );
}
