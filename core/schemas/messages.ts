import { z } from "zod";
import { UNKNOWN_INTENT_MESSAGE } from "#core/messages/common.ts";
import { targetIdField } from "./intent";
import { filterOf, filterQuery, pageNumber, searchText, tickedIds } from "./list-filter";

/** Contact messages shown on one page of the admin's inbox. */
export const MESSAGES_PAGE_SIZE = 25;

/** The inbox's filter, as its URL and the CSV export's carry it: `q` (sender's name, email, the message's text) and `page` (from 1). */
export const messageFilterSchema = z.object({ q: searchText, page: pageNumber });
export type MessageFilter = z.infer<typeof messageFilterSchema>;

export const messageFilterOf = filterOf(messageFilterSchema);

/** The query string that gives `filter` (without `page` when it is the first), an empty search left out. */
export function messageFilterQuery(filter: Partial<MessageFilter>): string {
  return filterQuery({ q: filter.q }, filter.page);
}

/** Deleting one message or several at once. */
export const messagesDeleteSchema = z.object({ ids: tickedIds("message") });

/** What /admin/messages does, by its `intent`: a message opened is read; one or the selected ones deleted. */
export const messagesActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("mark-read"), id: targetIdField("message") }),
    messagesDeleteSchema.extend({ intent: z.literal("delete") }),
  ],
  { error: UNKNOWN_INTENT_MESSAGE },
);
