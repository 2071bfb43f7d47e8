import { z } from "zod";
import { UNKNOWN_INTENT_MESSAGE } from "#core/messages/common.ts";
import { targetIdField } from "./intent";
import { filterOf, filterQuery, lenient, pageNumber, searchText } from "./list-filter";
import { withoutNul } from "./text";

/** Members shown on one page of the list. */
export const MEMBERS_PAGE_SIZE = 25;

const filterValue = lenient(z.string().transform((value) => value.replaceAll("\u0000", "").trim().slice(0, 100)));

/**
 * The members list's filter, as its URL and the CSV export carry it: `q` (name, email, phone), `session`, `class`,
 * `position`, `status` (current, the default; past; all) and `page` (from 1).
 */
export const memberFilterSchema = z.object({
  q: searchText,
  session: filterValue,
  class: filterValue,
  position: filterValue,
  status: z.enum(["current", "past", "all"]).catch("current").default("current"),
  page: pageNumber,
});
export type MemberFilter = z.infer<typeof memberFilterSchema>;

export const memberFilterOf = filterOf(memberFilterSchema);

/** The query string that gives `filter` (without the defaults), for the pager and the CSV link. */
export function memberFilterQuery({ q, session, class: className, position, status, page }: Partial<MemberFilter>): string {
  return filterQuery({ q, session, class: className, position, status: status === "current" ? undefined : status }, page);
}

const SESSION_MESSAGE = "Name the session as people write it, like 2027–28 (at most 20 characters)";
const POSITION_MAX = 60;

/** What /admin/members does: an Owner starts a new session. */
export const membersActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("start-session"),
      session: withoutNul(z.string({ error: SESSION_MESSAGE }).trim().min(4, SESSION_MESSAGE).max(20, SESSION_MESSAGE), "The session"),
    }),
  ],
  { error: UNKNOWN_INTENT_MESSAGE },
);

/** What a member's page does: set or clear their committee position, or remove them. */
export const memberActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("set-position"),
      position: withoutNul(
        z.string().trim().max(POSITION_MAX, `A position must be at most ${POSITION_MAX} characters`),
        "The position",
      ).optional(),
    }),
    z.object({ intent: z.literal("remove"), memberId: targetIdField("member") }),
  ],
  { error: UNKNOWN_INTENT_MESSAGE },
);
