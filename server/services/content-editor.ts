import type { Kysely } from "kysely";
import type { GoalInput, SiteDetailsInput } from "#core/schemas/content-forms";
import { isRecordId, newId } from "../db/ids";
import type { Database } from "../db/schema";
import { createRepos } from "../repos";
import { type ContentListTable, contentListRepo, type ListItemValues, type SaveOutcome } from "../repos/content-lists";

/** What an edit answers: done, or refused because the item moved on meanwhile (or is gone). */
export type EditResult = { ok: true; id?: string } | { ok: false; reason: Exclude<SaveOutcome, "saved"> };

/**
 * The admin's edits of the site's content. Each is one transaction with its audit entry and the content version's
 * raise, so the public pages of every instance show it at their next request.
 */
export function contentEditorService({ db }: { db: Kysely<Database> }) {
  const repos = createRepos(db);

  /** Runs `work` and, when it changed something, records it and raises the content version, all in one transaction. */
  const edit = (actorId: string, action: string, work: (trx: Kysely<Database>) => Promise<EditResult & { detail?: string }>) =>
    db.transaction().execute(async (trx): Promise<EditResult> => {
      const { detail, ...result } = await work(trx);
      if (!result.ok) return result;
      const trxRepos = createRepos(trx);
      await trxRepos.siteContent.raiseVersion();
      await trxRepos.auditLog.record(actorId, action, detail);
      return result;
    });

  /** Add, edit, delete and reorder for one list; `name` names it in the audit log ("goal" -> content.goal.add). */
  function listEditor<T extends ContentListTable>(table: T, name: string) {
    const listIn = (trx: Kysely<Database>) => contentListRepo(trx, table);
    return {
      items: () => contentListRepo(db, table).items(),
      /** A new item (no id) goes at the end; an edit must come from the stored version. */
      save: (item: { id?: string; version?: number }, values: ListItemValues<T>, actorId: string) =>
        edit(actorId, `content.${name}.${item.id ? "edit" : "add"}`, async (trx) => {
          if (!item.id) {
            const id = newId();
            await listIn(trx).append(id, values);
            return { ok: true, id, detail: `${name}=${id}` };
          }
          const outcome = await listIn(trx).update(item.id, item.version ?? 0, values);
          return outcome === "saved" ? { ok: true, id: item.id, detail: `${name}=${item.id}` } : { ok: false, reason: outcome };
        }),
      delete: (id: string, actorId: string) =>
        edit(actorId, `content.${name}.delete`, async (trx) =>
          isRecordId(id) && (await listIn(trx).delete(id)) ? { ok: true, detail: `${name}=${id}` } : { ok: false, reason: "missing" },
        ),
      move: (id: string, direction: -1 | 1, actorId: string) =>
        edit(actorId, `content.${name}.move`, async (trx) =>
          isRecordId(id) && (await listIn(trx).move(id, direction))
            ? { ok: true, detail: `${name}=${id}` }
            : { ok: false, reason: "missing" },
        ),
    };
  }

  const goals = listEditor("content_goals", "goal");
  /** The lists whose items are deleted and moved the same way, by their name in the admin's addresses. */
  const lists: Record<string, Pick<typeof goals, "delete" | "move">> = { goals };

  return {
    /** The home screen's fields as stored, with the version a save must come from. */
    async details(): Promise<SiteDetailsInput | undefined> {
      const row = await repos.siteContent.details();
      return (
        row && {
          name: row.name,
          shortName: row.short_name,
          tagline: row.tagline,
          heroText: row.hero_text,
          mission: row.mission,
          videoChannelUrl: row.video_channel_url,
          whatsappContactUrl: row.whatsapp_contact_url,
          whatsappCommunityUrl: row.whatsapp_community_url,
          version: row.version,
        }
      );
    },

    saveDetails: (input: SiteDetailsInput, actorId: string) =>
      edit(actorId, "content.details.edit", async (trx) => {
        const outcome = await createRepos(trx).siteContent.updateDetails(input.version, {
          name: input.name,
          short_name: input.shortName,
          tagline: input.tagline,
          hero_text: input.heroText,
          mission: input.mission,
          video_channel_url: input.videoChannelUrl,
          whatsapp_contact_url: input.whatsappContactUrl,
          whatsapp_community_url: input.whatsappCommunityUrl,
        });
        return outcome === "saved" ? { ok: true } : { ok: false, reason: outcome };
      }),

    /** The list named in an address (/admin/content/goals/…), if there is one by that name. */
    list: (name: string) => (Object.hasOwn(lists, name) ? lists[name] : undefined),

    goals: {
      list: async () => (await goals.items()).map(({ id, version, title, description }) => ({ id, version, title, description })),
      save: ({ id, version, title, description }: GoalInput, actorId: string) =>
        goals.save({ id, version }, { title, description }, actorId),
    },
  };
}

export type ContentEditor = ReturnType<typeof contentEditorService>;
