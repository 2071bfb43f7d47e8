import { Plus } from "lucide-react";
import { type ComponentProps, type ReactNode, useState } from "react";
import { AdminDialog } from "#app/components/admin/admin-dialog.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { ContentList } from "./content-list";

type ListProps<T extends { id: string }> = Omit<ComponentProps<typeof ContentList<T>>, "onEdit">;

/**
 * A content screen whose part is a list (goals, team, collaborators, resources, galleries), or a list on a screen
 * (the home screen's social links): its heading, the add button, the list, and the dialog that adds or edits an item
 * with the screen's form.
 */
export function ContentListScreen<T extends { id: string }>({
  title,
  intro,
  addLabel,
  editTitle,
  dialogDescription,
  form,
  children,
  heading: Heading = "h1",
  ...list
}: ListProps<T> & {
  title: string;
  /** "h2" where the list is a part of a screen with its own heading. */
  heading?: "h1" | "h2";
  intro: ReactNode;
  /** The add button's label, and the dialog's title when adding: "Add member". */
  addLabel: string;
  /** The dialog's title when editing: "Edit member". */
  editTitle: string;
  dialogDescription: string;
  /** The add (`item` undefined) or edit form; it calls `close` once saved. */
  form: (item: T | undefined, close: () => void) => ReactNode;
  /** More of the screen, under the list. */
  children?: ReactNode;
}) {
  /** The item in the dialog: one being edited, "new", or none (closed). */
  const [editing, setEditing] = useState<T | "new" | null>(null);
  const close = () => setEditing(null);
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <Heading className={Heading === "h1" ? "text-3xl font-extrabold text-brand-900" : "text-2xl font-bold text-brand-900"}>
            {title}
          </Heading>
          <p className="mt-2 text-slate-700">{intro}</p>
        </div>
        <Button size="sm" onClick={() => setEditing("new")}>
          <Plus className="size-4" aria-hidden />
          {addLabel}
        </Button>
      </div>
      <ContentList<T> {...list} onEdit={setEditing} />
      {children}
      <AdminDialog
        open={editing !== null}
        onOpenChange={(open) => !open && close()}
        title={editing === "new" ? addLabel : editTitle}
        description={dialogDescription}
      >
        {editing !== null && form(editing === "new" ? undefined : editing, close)}
      </AdminDialog>
    </>
  );
}
