import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { clsx } from "clsx";
import { ArrowDown, ArrowUp, GripVertical, Pencil, Trash2 } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { href, useFetcher, useRevalidator } from "react-router";
import { useConfirmedAction } from "#app/components/admin/forms/confirmed-action.ts";
import { Button } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { showToast } from "#app/components/ui/toasts.ts";
import { type ActionAnswer, answerMessage } from "#app/lib/answer-message.ts";
import { useActionResult } from "#app/lib/use-action-result.ts";
import { CONTENT_DONE, CONTENT_FAILED } from "#core/messages/content.ts";

type Direction = "up" | "down";

/**
 * An ordered list of content items, each with a drag handle, Edit, Move up, Move down and Delete (after a confirmation
 * naming it). Moves and deletes post to /admin/content/<list>/<id>/(move|delete); the list is the page's loader data,
 * read again after each. A moved item keeps the keyboard focus on its button, so it can be moved again at once.
 *
 * Dragging (dnd-kit): by mouse, by touch after a short hold (so a swipe over the handle still scrolls the page), or
 * from the keyboard (Space or Enter on the handle, the arrow keys, Space or Enter again). The list shows the new order
 * at once and posts the item's new place (`to`) once, on the drop; the loader data read after it replaces the
 * guess, and a refused move puts the old order back.
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
  const itemAction = (item: T, verb: "move" | "delete") => {
    const params = { list: encodeURIComponent(list), id: encodeURIComponent(item.id) };
    return verb === "move" ? href("/admin/content/:list/:id/move", params) : href("/admin/content/:list/:id/delete", params);
  };
  const remove = useConfirmedAction<T>({
    action: (item) => itemAction(item, "delete"),
    toasts: { success: CONTENT_DONE.deleted, failure: CONTENT_FAILED.delete(kind) },
  });
  const mover = useFetcher<ActionAnswer>();
  const moving = mover.state !== "idle";
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const refocus = useRef<{ id: string; direction: Direction } | undefined>(undefined);
  /** The order shown since a drop, until the loader data it was made from (`base`) is read again. */
  const [dropped, setDropped] = useState<{ base: readonly T[]; order: readonly T[] }>();
  const shown = dropped?.base === items ? dropped.order : items;
  const revalidator = useRevalidator();
  useActionResult(mover.data, (answer) => {
    if (answer.ok) return;
    // A refused move leaves the list as it was stored; read it again, in case someone else changed it meanwhile.
    setDropped(undefined);
    void revalidator.revalidate();
    showToast.error(answerMessage(answer) ?? CONTENT_FAILED.move(kind));
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

  const sensors = useSensors(
    // A mouse drag starts once the pointer has moved a little, so a click on the handle is only a click.
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    // A finger must rest on the handle first: a tap or a swipe (scrolling the page) moves nothing.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const indexOf = (id: UniqueIdentifier) => shown.findIndex((item) => item.id === id);
  const drop = ({ active, over }: DragEndEvent) => {
    const [from, to] = [indexOf(active.id), over ? indexOf(over.id) : -1];
    if (from < 0 || to < 0 || from === to) return;
    setDropped({ base: items, order: arrayMove([...shown], from, to) });
    void mover.submit({ to: String(to) }, { method: "post", action: itemAction(shown[from]!, "move") });
  };
  // What a screen reader hears while an item is dragged, naming the item and its place.
  const nameOf = (id: UniqueIdentifier) => {
    const item = shown[indexOf(id)];
    return item ? itemName(item) : `The ${kind}`;
  };
  const place = (id: UniqueIdentifier) => `place ${indexOf(id) + 1} of ${shown.length}`;
  // The first "over" comes with the pick-up (the item is over its own place): it would drown the pick-up's words.
  const justPickedUp = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      justPickedUp.current = true;
      return `Picked up ${nameOf(active.id)}, at ${place(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      if (justPickedUp.current) {
        justPickedUp.current = false;
        if (over?.id === active.id) return undefined;
      }
      return over ? `${nameOf(active.id)} is over ${place(over.id)}.` : `${nameOf(active.id)} is outside the list.`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} was dropped at ${place(over.id)}.` : `${nameOf(active.id)} was dropped where it was.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled. It stays at ${place(active.id)}.`,
  };
  const screenReaderInstructions = {
    draggable:
      `To move this ${kind}, press Space or Enter, then the up and down arrow keys; ` +
      "Space or Enter again drops it there, Escape puts it back.",
  };

  if (items.length === 0) return <p className="mt-8 text-slate-700">{empty}</p>;
  return (
    <>
      <DndContext
        // A fixed id, so the handles' aria-describedby is the same in the server's HTML and in the browser.
        id={`content-list-${list}`}
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={drop}
        accessibility={{ announcements, screenReaderInstructions }}
      >
        <SortableContext items={shown.map((item) => item.id)} strategy={verticalListSortingStrategy}>
          <ol className="mt-6 flex flex-col gap-3">
            {shown.map((item, index) => {
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
                <SortableItem key={item.id} id={item.id} name={name} disabled={moving}>
                  {render(item)}
                  <div className="mt-3 flex flex-wrap gap-2">
                    <Button size="sm" variant="outline" onClick={() => onEdit(item)} aria-label={`Edit: ${name}`}>
                      <Pencil className="size-4" aria-hidden />
                      Edit
                    </Button>
                    {moveButton("up", index === 0)}
                    {moveButton("down", index === shown.length - 1)}
                    <Button
                      size="sm"
                      variant="danger"
                      onClick={() => remove.select(item)}
                      aria-label={`Delete: ${name}`}
                      className="ml-auto"
                    >
                      <Trash2 className="size-4" aria-hidden />
                      Delete
                    </Button>
                  </div>
                </SortableItem>
              );
            })}
          </ol>
        </SortableContext>
      </DndContext>
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

/** One item of the list: it moves with a drag of its handle (`disabled` while a move is being saved). */
function SortableItem({ id, name, disabled, children }: { id: string; name: string; disabled: boolean; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  return (
    <li
      ref={setNodeRef}
      // Only up and down: the list is one column.
      style={{ transform: CSS.Translate.toString(transform && { ...transform, x: 0 }), transition }}
      className={clsx(
        "flex items-start gap-3 rounded-xl border border-brand-100 bg-white p-4 shadow-sm",
        isDragging && "relative z-10 shadow-lg ring-2 ring-brand-300",
      )}
    >
      <Button
        ref={setActivatorNodeRef}
        type="button"
        size="sm"
        variant="outline"
        className="shrink-0 cursor-grab touch-manipulation px-2 active:cursor-grabbing"
        {...attributes}
        {...listeners}
        aria-label={`Drag to reorder: ${name}`}
      >
        <GripVertical className="size-5" aria-hidden />
      </Button>
      <div className="min-w-0 flex-1">{children}</div>
    </li>
  );
}
