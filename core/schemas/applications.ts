import { z } from "zod";
import { UNKNOWN_INTENT_MESSAGE } from "#core/messages/common.ts";
import { targetIdField } from "./intent";
import { filterOf, filterQuery, lenient, pageNumber, searchText, tickedIds } from "./list-filter";
import { filledText, withoutNul } from "./text";

/** Where an application stands with the committee; every application starts as "new". */
export const APPLICATION_STATUSES = ["new", "contacted", "accepted", "rejected"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const isApplicationStatus = (value: string): value is ApplicationStatus =>
  (APPLICATION_STATUSES as readonly string[]).includes(value);

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  new: "New",
  contacted: "Contacted",
  accepted: "Accepted",
  rejected: "Rejected",
};

/** Requests shown on one page of the admin panel. */
export const APPLICATIONS_PAGE_SIZE = 25;

export const NOTE_MAX = 2000;

const calendarDay = z.iso.date();

/**
 * The list's filter, as the panel's URL and the CSV export's carry it: `q` (name, email, phone, class, department),
 * `status`, `from` and `to` (calendar days in the society's time zone, both included) and `page` (from 1).
 */
export const applicationFilterSchema = z.object({
  q: searchText,
  status: lenient(z.enum(APPLICATION_STATUSES)),
  from: lenient(calendarDay),
  to: lenient(calendarDay),
  page: pageNumber,
});
export type ApplicationFilter = z.infer<typeof applicationFilterSchema>;

export const applicationFilterOf = filterOf(applicationFilterSchema);

/** The query string that gives `filter` (without `page` when it is the first), empty values left out. */
export function applicationFilterQuery(filter: Partial<ApplicationFilter>): string {
  return filterQuery({ q: filter.q, status: filter.status, from: filter.from, to: filter.to }, filter.page);
}

const applicationIds = tickedIds("request");

/** Setting the status of one or several requests (the details dialog, the bulk bar). */
export const applicationStatusSchema = z.object({
  ids: applicationIds,
  status: z.enum(APPLICATION_STATUSES, { error: "Choose a status" }),
});

/** An internal note on a request, for the committee only. */
export const applicationNoteSchema = z.object({
  note: withoutNul(filledText("Write a note").max(NOTE_MAX, `A note must be at most ${NOTE_MAX} characters`), "Note"),
});

/**
 * What the panel at /admin does with applications, by its `intent`: set the status of one or the selected ones, add a
 * note to one, delete one, delete the selected ones.
 */
export const applicationsActionSchema = z.discriminatedUnion(
  "intent",
  [
    applicationStatusSchema.extend({ intent: z.literal("set-status") }),
    applicationNoteSchema.extend({ intent: z.literal("add-note"), id: targetIdField("join request") }),
    z.object({ intent: z.literal("delete"), id: targetIdField("join request") }),
    z.object({ ids: applicationIds, intent: z.literal("delete-selected") }),
  ],
  { error: UNKNOWN_INTENT_MESSAGE },
);
