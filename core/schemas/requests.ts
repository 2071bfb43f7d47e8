import { z } from "zod";
import { targetIdField, UNKNOWN_INTENT_MESSAGE } from "./intent";
import { lenient, pageNumber, searchText } from "./list-filter";
import { withoutNul } from "./text";

/** Where a join request stands with the committee; every request starts as "new". */
export const REQUEST_STATUSES = ["new", "contacted", "accepted", "rejected"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const isRequestStatus = (value: string): value is RequestStatus => (REQUEST_STATUSES as readonly string[]).includes(value);

export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  new: "New",
  contacted: "Contacted",
  accepted: "Accepted",
  rejected: "Rejected",
};

/** Requests shown on one page of the admin panel. */
export const REQUESTS_PAGE_SIZE = 25;

export const NOTE_MAX = 2000;

const calendarDay = z.iso.date();

/**
 * The list's filter, as the panel's URL and the CSV export's carry it: `q` (name, email, phone, class, department),
 * `status`, `from` and `to` (calendar days in the society's time zone, both included) and `page` (from 1).
 */
export const requestFilterSchema = z.object({
  q: searchText,
  status: lenient(z.enum(REQUEST_STATUSES)),
  from: lenient(calendarDay),
  to: lenient(calendarDay),
  page: pageNumber,
});
export type RequestFilter = z.infer<typeof requestFilterSchema>;

/** The filter of a URL's query string (`?q=…&status=…`). */
export function requestFilterOf(params: URLSearchParams): RequestFilter {
  return requestFilterSchema.parse(Object.fromEntries(params));
}

/** The query string that gives `filter` (without `page` when it is the first), empty values left out. */
export function requestFilterQuery(filter: Partial<RequestFilter>): string {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.status) params.set("status", filter.status);
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  if (filter.page && filter.page > 1) params.set("page", String(filter.page));
  const query = params.toString();
  return query ? `?${query}` : "";
}

const requestIds = z
  .array(z.uuid({ error: "Choose at least one request" }), { error: "Choose at least one request" })
  .min(1, "Choose at least one request")
  .max(500, "Choose at most 500 requests at a time");

/** Setting the status of one or several requests (the details dialog, the bulk bar). */
export const requestStatusSchema = z.object({
  ids: requestIds,
  status: z.enum(REQUEST_STATUSES, { error: "Choose a status" }),
});

/** Deleting several requests at once. */
export const requestsDeleteSchema = z.object({ ids: requestIds });

/** An internal note on a request, for the committee only. */
export const requestNoteSchema = z.object({
  note: withoutNul(
    z.string({ error: "Write a note" }).trim().min(1, "Write a note").max(NOTE_MAX, `A note must be at most ${NOTE_MAX} characters`),
    "Note",
  ),
});

/**
 * What the panel at /admin does with join requests, by its `intent`: set the status of one or the selected ones, add a
 * note to one, delete one, delete the selected ones.
 */
export const requestsActionSchema = z.discriminatedUnion(
  "intent",
  [
    requestStatusSchema.extend({ intent: z.literal("set-status") }),
    requestNoteSchema.extend({ intent: z.literal("add-note"), id: targetIdField("join request") }),
    z.object({ intent: z.literal("delete"), id: targetIdField("join request") }),
    requestsDeleteSchema.extend({ intent: z.literal("delete-selected") }),
  ],
  { error: UNKNOWN_INTENT_MESSAGE },
);
