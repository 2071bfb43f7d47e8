import { z } from "zod";
import { WALL_TIME } from "#core/calendar-day.ts";
import { BLOOD_GROUPS } from "#core/blood/groups.ts";
import { BLOOD_REQUEST_MESSAGES as M, REVEAL_CHANNELS } from "#core/messages/blood.ts";
import { UNKNOWN_INTENT_MESSAGE } from "#core/messages/common.ts";
import { targetIdField } from "./intent";
import { collapsedText, isCalendarDay } from "./blood-donor";
import { wholeNumber, withoutNul } from "./text";

/** The emergency-request form's limits. */
export const BLOOD_REQUEST_LIMITS = { units: 20, hospital: 120, city: 60, contact: 120, note: 1000 } as const;

/**
 * A coordinator's emergency request: the patient's blood group, units, hospital and city, when it is needed by (a
 * wall time in the society's time zone), the contact at the hospital, and an optional note.
 */
export const bloodRequestSchema = z.object({
  patientGroup: z.enum(BLOOD_GROUPS, { error: M.choosePatientGroup }),
  units: wholeNumber(1, BLOOD_REQUEST_LIMITS.units, M.units),
  hospital: collapsedText(M.hospitalRequired, "Hospital", BLOOD_REQUEST_LIMITS.hospital),
  city: collapsedText(M.cityRequired, "City", BLOOD_REQUEST_LIMITS.city),
  neededBy: z
    .string({ error: M.neededBy })
    .regex(WALL_TIME, M.neededBy)
    .refine((value) => isCalendarDay(value.slice(0, 10)), M.neededBy),
  contact: collapsedText(M.contactRequired, "Contact at the hospital", BLOOD_REQUEST_LIMITS.contact),
  note: withoutNul(
    z.string().trim().max(BLOOD_REQUEST_LIMITS.note, `Note must be at most ${BLOOD_REQUEST_LIMITS.note} characters`),
    "Note",
  ).optional(),
});

export type BloodRequestInput = z.infer<typeof bloodRequestSchema>;

const ASK_COUNT_MESSAGE = "Ask from 1 to 20 donors at once";

/** What a request's page does, by its `intent`: reveal a donor's number (and how), or close the request. */
export const bloodRequestActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("reveal"), donorId: targetIdField("donor"), channel: z.enum(REVEAL_CHANNELS) }),
    z.object({
      intent: z.literal("ask-by-mail"),
      count: wholeNumber(1, 20, ASK_COUNT_MESSAGE),
    }),
    z.object({
      intent: z.literal("close"),
      outcome: z.enum(["fulfilled", "not-needed"], { error: "Choose how the request ended" }),
      donorIds: z.array(targetIdField("donor")).max(100).default([]),
    }),
  ],
  { error: UNKNOWN_INTENT_MESSAGE },
);

/** The Blood section's list page: log a new request. */
export const bloodRequestsPageSchema = bloodRequestSchema.extend({ intent: z.literal("create") });

const INTERVAL_DAYS_MESSAGE = "Days must be a whole number from 56 to 365";
const intervalDays = wholeNumber(56, 365, INTERVAL_DAYS_MESSAGE);

/** An Owner's donation intervals: days between two whole-blood donations, for men and for women (guidance only). */
export const donationIntervalsSchema = z.object({ intent: z.literal("set-intervals"), men: intervalDays, women: intervalDays });

/** What the Blood section's list page does, by its `intent`: log a request, or (Owners) set the donation intervals. */
export const bloodPageActionSchema = z.discriminatedUnion("intent", [bloodRequestsPageSchema, donationIntervalsSchema], {
  error: UNKNOWN_INTENT_MESSAGE,
});
