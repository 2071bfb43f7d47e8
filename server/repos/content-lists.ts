import type { ExpressionBuilder, Insertable, Kysely, Selectable } from "kysely";
import type { Database, GalleryKind } from "#server/db/schema.ts";

/** The ordered lists of the site's content. */
export type ContentListTable =
  "contentGoals" | "teamMembers" | "collaborators" | "resources" | "socialLinks" | "galleries" | "galleryPhotos";

/**
 * A list that is part of a table: one gallery's photos, or the galleries of some kinds (the events and activities,
 * which the admin's Galleries screen lists without the Explore SMC photos' gallery).
 */
export type ListScope = { galleryId: string } | { galleryKinds: readonly GalleryKind[] };

/** An item's own columns: what a form edits (id, position and version are the list's). */
export type ListItemValues<T extends ContentListTable> = Omit<Insertable<Database[T]>, "id" | "position" | "version" | "galleryId">;

export type SaveOutcome = "saved" | "conflict" | "missing";

/** What a move to a place answers: moved, already there, no such item, or no such place (the list has `size`). */
export type MoveToOutcome =
  { outcome: "moved" } | { outcome: "unchanged" } | { outcome: "missing" } | { outcome: "out-of-range"; size: number };

/**
 * One ordered list of content: its items in order, and the edits an admin makes. Run the writes in a transaction with
 * the content version's raise. Every list table has `id`, `position` and `version`, which is all this reads or orders
 * by; Kysely cannot see that through a union of table names, hence the one cast below. With a `scope` the list is
 * one gallery's photos, or the galleries of some kinds: every read and write stays inside it.
 */
export function contentListRepo<T extends ContentListTable>(db: Kysely<Database>, table: T, scope?: ListScope) {
  type List = Record<"list", Database["contentGoals"] & { galleryId: string; kind: string }>;
  const list = db as unknown as Kysely<List>;
  const from = table as unknown as "list";
  /** The scope's condition (none without one). */
  const inScope = (eb: ExpressionBuilder<List, "list">) =>
    eb.and([
      ...(scope && "galleryId" in scope ? [eb("galleryId", "=", scope.galleryId)] : []),
      ...(scope && "galleryKinds" in scope ? [eb("kind", "in", [...scope.galleryKinds])] : []),
    ]);

  /** The list's items in order, each with the position it is stored at. */
  function ordered() {
    return list.selectFrom(from).select(["id", "position"]).where(inScope).orderBy("position").orderBy("id").execute();
  }

  /**
   * Puts the item at `index` of `items` at place `to` and stores the new order, its positions being its indexes (which
   * also mends any gaps or ties). Only the items whose position changed are written.
   */
  async function place(items: ReadonlyArray<{ id: string; position: number }>, index: number, to: number): Promise<void> {
    const order = [...items];
    const [moved] = order.splice(index, 1);
    order.splice(to, 0, moved!);
    for (const [position, item] of order.entries()) {
      if (Number(item.position) !== position) await list.updateTable(from).set({ position }).where("id", "=", item.id).execute();
    }
  }

  return {
    async items(): Promise<Array<Selectable<Database[T]>>> {
      return (await list.selectFrom(from).selectAll().where(inScope).orderBy("position").orderBy("id").execute()) as unknown as Array<
        Selectable<Database[T]>
      >;
    },

    async find(id: string): Promise<Selectable<Database[T]> | undefined> {
      return (await list.selectFrom(from).selectAll().where("id", "=", id).where(inScope).executeTakeFirst()) as
        Selectable<Database[T]> | undefined;
    },

    /** Adds the item at the end of the list. */
    async append(id: string, values: ListItemValues<T>): Promise<void> {
      const last = await list
        .selectFrom(from)
        .select((eb) => eb.fn.max("position").as("position"))
        .where(inScope)
        .executeTakeFirst();
      const position = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
      await list
        .insertInto(from)
        .values({
          ...(values as object),
          ...(scope && "galleryId" in scope ? { galleryId: scope.galleryId } : {}),
          id,
          position,
          version: 1,
        } as never)
        .execute();
    },

    /** Saves the item if it is still at `version` (raising it), so a save from an older copy is refused. */
    async update(id: string, version: number, values: Partial<ListItemValues<T>>): Promise<SaveOutcome> {
      const result = await list
        .updateTable(from)
        .set((eb) => ({ ...(values as object), version: eb("version", "+", 1) }) as never)
        .where("id", "=", id)
        .where("version", "=", version)
        .where(inScope)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) return "saved";
      return (await this.find(id)) ? "conflict" : "missing";
    },

    /** Returns whether the item was there. */
    async delete(id: string): Promise<boolean> {
      const result = await list.deleteFrom(from).where("id", "=", id).where(inScope).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Swaps the item with its neighbour above (-1) or below (+1); false when there is none (or no such item). */
    async move(id: string, direction: -1 | 1): Promise<boolean> {
      const items = await ordered();
      const index = items.findIndex((item) => item.id === id);
      if (index < 0 || !items[index + direction]) return false;
      await place(items, index, index + direction);
      return true;
    },

    /**
     * Puts the item at place `to` of the list (0 is the top, the last place is the list's length - 1); the items
     * between its old and new places close up behind it. Nothing is written when it is there already.
     */
    async moveTo(id: string, to: number): Promise<MoveToOutcome> {
      const items = await ordered();
      const index = items.findIndex((item) => item.id === id);
      if (index < 0) return { outcome: "missing" };
      if (!Number.isInteger(to) || to < 0 || to >= items.length) return { outcome: "out-of-range", size: items.length };
      if (to === index) return { outcome: "unchanged" };
      await place(items, index, to);
      return { outcome: "moved" };
    },
  };
}
