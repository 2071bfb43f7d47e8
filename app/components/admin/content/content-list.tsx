import { ArrowDown, ArrowUp, Pencil, Trash2 } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useConfirmedDelete } from "~/components/admin/use-confirmed-delete";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { showToast } from "~/components/ui/toasts";
import { useActionResult } from "~/lib/use-action-result";

type Direction = "up" | "down";

/**
 * An ordered list of content items, each with Edit, Move up, Move down and Delete (after a confirmation naming it).
 * Moves and deletes post to /admin/content/<list>/<id>/(move|delete); the list is the page's loader data, read again
 * after each. A moved item keeps the keyboard focus on its button, so it can be moved again at once.
 */
export function ContentList<T extends { id: string }>({
  items,
  list,
  itemName,
  kind,
  render,
  onEdit,
  empty,
}: {
  items: readonly T[];
  /** The list's name in the admin's addresses: "goals". */
  list: string;
  /** How the confirmation and the buttons' labels name an item. */
  itemName: (item: T) => string;
  /** What an item is, in a sentence: "goal". */
  kind: string;
  render: (item: T) => ReactNode;
  onEdit: (item: T) => void;
  empty: string;
}) {
  const itemAction = (item: T, verb: "move" | "delete") => `/admin/content/${list}/${encodeURIComponent(item.id)}/${verb}`;
  const remove = useConfirmedDelete<T>({
    action: (item) => itemAction(item, "delete"),
    success: "Deleted",
    failure: `Failed to delete the ${kind}`,
  });
  const mover = useFetcher<{ ok: boolean }>();
  const moving = mover.state !== "idle";
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const refocus = useRef<{ id: string; direction: Direction } | undefined>(undefined);
  useActionResult(mover.data, ({ ok }) => {
    if (!ok) showToast.error(`Failed to move the ${kind}`);
  });
  useEffect(() => {
    // After a move the list is drawn in its new order: the moved item's button gets the focus back (the other
    // direction's when it reached an end of the list).
    const target = refocus.current;
    if (!target || moving) return;
    refocus.current = undefined;
    const other: Direction = target.direction === "up" ? "down" : "up";
    const button = [target.direction, other]
      .map((direction) => buttons.current.get(`${target.id}:${direction}`))
      .find((candidate) => candidate && !candidate.disabled);
    button?.focus();
  }, [items, moving]);

  const move = (item: T, direction: Direction) => {
    refocus.current = { id: item.id, direction };
    void mover.submit({ direction }, { method: "post", action: itemAction(item, "move") });
  };

  if (items.length === 0) return <p className="mt-8 text-slate-700">{empty}</p>;
  return (
    <>
      <ol className="mt-6 flex flex-col gap-3">
        {items.map((item, index) => {
          const name = itemName(item);
          const moveButton = (direction: Direction, disabled: boolean) => (
            <Button
              ref={(element) => {
                if (element) buttons.current.set(`${item.id}:${direction}`, element);
                else buttons.current.delete(`${item.id}:${direction}`);
              }}
              size="sm"
              variant="outline"
              disabled={disabled || moving}
              onClick={() => move(item, direction)}
              aria-label={`${direction === "up" ? "Move up" : "Move down"}: ${name}`}
            >
              {direction === "up" ? <ArrowUp className="size-4" aria-hidden /> : <ArrowDown className="size-4" aria-hidden />}
              {direction === "up" ? "Move up" : "Move down"}
            </Button>
          );
          return (
            <li key={item.id} className="rounded-xl border border-brand-100 bg-white p-4 shadow-sm">
              {render(item)}
              <div className="mt-3 flex flex-wrap gap-2">
                <Button size="sm" variant="outline" onClick={() => onEdit(item)} aria-label={`Edit: ${name}`}>
                  <Pencil className="size-4" aria-hidden />
                  Edit
                </Button>
                {moveButton("up", index === 0)}
                {moveButton("down", index === items.length - 1)}
                <Button size="sm" variant="danger" onClick={() => remove.select(item)} aria-label={`Delete: ${name}`} className="ml-auto">
                  <Trash2 className="size-4" aria-hidden />
                  Delete
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <ConfirmDialog
        {...remove.dialog}
        confirmLabel="Delete"
        confirmVariant="danger"
        title={`Delete the ${kind} “${remove.selected ? itemName(remove.selected) : ""}”?`}
      >
        It disappears from the public site at once. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}
