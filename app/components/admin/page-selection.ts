import { useState } from "react";

/**
 * The rows of a list page chosen for a bulk action. Only what is on this page can be chosen: rows that left it
 * (deleted, filtered away) leave the selection.
 */
export function usePageSelection(pageIds: readonly string[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  return {
    pageIds,
    selectedIds: pageIds.filter((id) => selected.has(id)),
    isSelected: (id: string) => selected.has(id),
    toggle: (id: string, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    selectAll: (on: boolean) => setSelected(new Set(on ? pageIds : [])),
    clear: () => setSelected(new Set()),
  };
}

export type PageSelection = ReturnType<typeof usePageSelection>;
