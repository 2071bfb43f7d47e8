import { KeyRound, Megaphone } from "lucide-react";
import { useState } from "react";
import { BackButton } from "#app/components/site/back-button.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { AdminDialog } from "./admin-dialog";
import { ChangePasswordForm } from "./change-password-form";
import { AnnouncementForm } from "./announcement-form";

/**
 * The panel's own buttons (SPEC 2, "Panel"): Back, Create Announcement and Change Password. The two form dialogs share
 * one piece of state, so opening one closes the other. The sections are the admin navigation's (admin-nav.tsx).
 */
export function PanelActions() {
  const [open, setOpen] = useState<"announcement" | "password" | null>(null);
  const toggle = (dialog: "announcement" | "password") => (isOpen: boolean) => setOpen(isOpen ? dialog : null);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <BackButton />
      <div className="ml-auto flex flex-wrap gap-2">
        <Button size="sm" onClick={() => setOpen("announcement")}>
          <Megaphone className="size-4" aria-hidden />
          Create Announcement
        </Button>
        <Button size="sm" variant="outline" onClick={() => setOpen("password")}>
          <KeyRound className="size-4" aria-hidden />
          Change Password
        </Button>
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
