import { z } from "zod";
import { UNKNOWN_INTENT_MESSAGE } from "#core/messages/common.ts";
import { targetIdField } from "./intent";
import { filterQuery, pageNumber, searchText } from "./list-filter";

/** Contact messages shown on one page of the admin's inbox. */
export const MESSAGES_PAGE_SIZE = 25;

/** The inbox's filter, as its URL and the CSV export's carry it: `q` (sender's name, email, the message's text) and `page` (from 1). */
export const messageFilterSchema = z.object({ q: searchText, page: pageNumber });
export type MessageFilter = z.infer<typeof messageFilterSchema>;

/** The filter of a URL's query string (`?q=…&page=…`). */
export function messageFilterOf(params: URLSearchParams): MessageFilter {
  return messageFilterSchema.parse(Object.fromEntries(params));
}

/** The query string that gives `filter` (without `page` when it is the first), an empty search left out. */
export function messageFilterQuery(filter: Partial<MessageFilter>): string {
  return filterQuery({ q: filter.q }, filter.page);
}

/** Deleting one message or several at once. */
export const messagesDeleteSchema = z.object({
  ids: z
    .array(z.uuid({ error: "Choose at least one message" }), { error: "Choose at least one message" })
    .min(1, "Choose at least one message")
    .max(500, "Choose at most 500 messages at a time"),
});

/** What /admin/messages does, by its `intent`: a message opened is read; one or the selected ones deleted. */
export const messagesActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("mark-read"), id: targetIdField("message") }),
    messagesDeleteSchema.extend({ intent: z.literal("delete") }),
  ],
  { error: UNKNOWN_INTENT_MESSAGE },
);
