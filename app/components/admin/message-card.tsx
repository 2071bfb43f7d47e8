import { clsx } from "clsx";
import { useId, useState } from "react";
import { href, useFetcher } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import type { ActionAnswer } from "#app/lib/answer-message.ts";
import { useAnswerToasts } from "#app/components/admin/forms/answer-toasts.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { ListedMessage } from "#server/services/contact-messages.ts";
import { INBOX_FAILED } from "#core/messages/inbox.ts";

/** A reply in the admin's own mail program: to the sender, the subject filled in. */
export function replyHref(email: string, shortName: string): string {
  const address = email.split("@").map(encodeURIComponent).join("@");
  return `mailto:${address}?subject=${encodeURIComponent(`Re: your message to ${shortName}`)}`;
}

/**
 * One contact message: its selection box, when it came, Unread until an admin opens it, who sent it and what they
 * wrote (a few lines of it until opened), Reply and Delete. Opening an unread message marks it read on the server; it
 * shows as read at once, and the page's data (the top bar's count) follows.
 */
export function MessageCard({
  message,
  shortName,
  selected,
  onSelect,
  onDelete,
}: {
  message: ListedMessage;
  shortName: string;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onDelete: () => void;
}) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<ActionAnswer>();
  // Without JavaScript the whole text shows (nothing could open it); with it, a few lines until opened.
  const hydrated = useHydrated();
  const nameId = useId();
  const textId = useId();
  useAnswerToasts(fetcher.data, { failure: INBOX_FAILED.markRead });
  const marking = fetcher.state !== "idle" || fetcher.data?.ok === true;
  const unread = message.readAt === null && !marking;

  const toggle = () => {
    setOpen(!open);
    if (!open && unread) void fetcher.submit({ intent: "mark-read", id: message.id }, { method: "post", action: href("/admin/messages") });
  };

  return (
    <article
      aria-labelledby={nameId}
      className={clsx("flex flex-col gap-3 rounded-xl border bg-white p-5 shadow-sm", unread ? "border-brand-800" : "border-brand-100")}
    >
      <div className="flex flex-wrap items-center gap-2">
        <label className="mr-auto flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-5 accent-brand-800"
            checked={selected}
            onChange={(event) => onSelect(event.target.checked)}
            aria-label={`Select ${message.name}`}
          />
          <time dateTime={message.createdAt}>{message.received}</time>
        </label>
        {unread && (
          <span data-testid="unread-marker" className="rounded-full bg-sky-100 px-3 py-1 text-sm font-semibold text-sky-900">
            Unread
          </span>
        )}
      </div>
      <div>
        <h2 id={nameId} className="break-words text-lg font-bold text-slate-900">
          {message.name}
        </h2>
        <p className="break-words text-slate-700">{message.email}</p>
      </div>
      <p id={textId} className={clsx("whitespace-pre-line break-words text-slate-800", hydrated && !open && "line-clamp-3")}>
        {message.message}
      </p>
      <div className="flex flex-wrap gap-2">
        {hydrated && (
          <Button size="sm" variant="outline" aria-expanded={open} aria-controls={textId} onClick={toggle}>
            {open ? "Close" : "Open"}
          </Button>
        )}
        <Button asChild size="sm">
          <a href={replyHref(message.email, shortName)}>Reply</a>
        </Button>
        <Button size="sm" variant="danger" onClick={onDelete}>
          Delete
        </Button>
      </div>
    </article>
  );
}
