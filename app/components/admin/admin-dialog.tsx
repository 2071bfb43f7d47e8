import type { ReactNode } from "react";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#app/components/ui/dialog.tsx";
import { clsx } from "clsx";

/** A scrollable form dialog (Change Password, Create Announcement). */
export function AdminDialog({
  open,
  onOpenChange,
  title,
  description,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={clsx("max-w-lg", className)}>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <div className="mt-4">{children}</div>
      </DialogContent>
    </Dialog>
  );
}
