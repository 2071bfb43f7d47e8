import {
  KeyRound,
  LayoutTemplate,
  Lock,
  LogOut,
  type LucideIcon,
  Mail,
  Megaphone,
  ScrollText,
  Send,
  ShieldCheck,
  Users,
} from "lucide-react";
import { useState } from "react";
import { href, Link, NavLink, useFetcher } from "react-router";
import { BackButton } from "~/components/site/back-button";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { AdminDialog } from "./admin-dialog";
import { ChangePasswordForm } from "./change-password-form";
import { AnnouncementForm } from "./announcement-form";

/** Ends the session; the server sends the browser back to the login. */
export function LogoutButton() {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={href("/admin/logout")}>
      <Button type="submit" variant="outline" size="sm" disabled={busy}>
        {busy ? <Spinner className="size-4" /> : <LogOut className="size-4" aria-hidden />}
        Logout
      </Button>
    </fetcher.Form>
  );
}

/**
 * "Messages", with how many contact messages no admin has opened yet ("3 unread"): the way to the inbox from each admin
 * page's top bar. The count is the page's loader data, so it follows as soon as a message is opened or deleted.
 */
export function MessagesLink({ unread }: { unread: number }) {
  return (
    <Button asChild size="sm" variant="outline">
      <NavLink to={href("/admin/messages")} end aria-label={unread > 0 ? `Messages, ${unread} unread` : "Messages"}>
        <Mail className="size-4" aria-hidden />
        Messages
        {unread > 0 && (
          <span data-testid="unread-badge" className="rounded-full bg-brand-800 px-2 py-0.5 text-xs font-bold text-white">
            {`${unread} unread`}
          </span>
        )}
      </NavLink>
    </Button>
  );
}

/** A page the toolbar leads to; only an Owner is shown one that is `ownersOnly`. */
interface ToolbarLink {
  to: string;
  label: string;
  icon: LucideIcon;
  ownersOnly?: true;
}

/** The toolbar's links in their order; "messages" is where Messages, with its unread count, sits. */
const TOOLBAR_LINKS: readonly (ToolbarLink | "messages")[] = [
  { to: href("/admin/content"), label: "Site content", icon: LayoutTemplate },
  "messages",
  { to: href("/admin/security"), label: "Security", icon: Lock },
  { to: href("/admin/mail"), label: "Mail", icon: Send, ownersOnly: true },
  { to: href("/admin/personal-data"), label: "Personal data", icon: ShieldCheck, ownersOnly: true },
  { to: href("/admin/accounts"), label: "Accounts", icon: Users, ownersOnly: true },
  { to: href("/admin/audit"), label: "Audit log", icon: ScrollText, ownersOnly: true },
];

/**
 * Back, Site content, Messages, Security, (for an Owner: Mail, Personal data, Accounts, Audit log), Create Announcement, Change
 * Password and Logout. The two form dialogs share one piece of state, so opening one closes the other (SPEC 2).
 */
export function AdminToolbar({ unreadMessages, isOwner }: { unreadMessages: number; isOwner: boolean }) {
  const [open, setOpen] = useState<"announcement" | "password" | null>(null);
  const toggle = (dialog: "announcement" | "password") => (isOpen: boolean) => setOpen(isOpen ? dialog : null);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <BackButton />
      <div className="ml-auto flex flex-wrap gap-2">
        {TOOLBAR_LINKS.filter((entry) => entry === "messages" || isOwner || !entry.ownersOnly).map((entry) =>
          entry === "messages" ? (
            <MessagesLink key="messages" unread={unreadMessages} />
          ) : (
            <Button key={entry.to} asChild size="sm" variant="outline">
              <Link to={entry.to}>
                <entry.icon className="size-4" aria-hidden />
                {entry.label}
              </Link>
            </Button>
          ),
        )}
        <Button size="sm" onClick={() => setOpen("announcement")}>
          <Megaphone className="size-4" aria-hidden />
          Create Announcement
        </Button>
        <Button size="sm" variant="outline" onClick={() => setOpen("password")}>
          <KeyRound className="size-4" aria-hidden />
          Change Password
        </Button>
        <LogoutButton />
      </div>
      <AdminDialog
        open={open === "announcement"}
        onOpenChange={toggle("announcement")}
        title="Create Announcement"
        description="A title, a description, an image and a link people register with; all but the description are optional."
      >
        <AnnouncementForm onSaved={() => setOpen(null)} />
      </AdminDialog>
      <AdminDialog
        open={open === "password"}
        onOpenChange={toggle("password")}
        title="Change Password"
        description="Every other device signed in as you will be signed out."
      >
        <ChangePasswordForm onChanged={() => setOpen(null)} />
      </AdminDialog>
    </div>
  );
}
