import { z } from "zod";
import { BLOOD_GROUPS } from "#core/blood/groups.ts";
import { DEFAULT_DONATION_INTERVAL_DAYS, type DonationInterval } from "#core/blood/eligibility.ts";
import { pakistaniMobile } from "#core/blood/phone.ts";
import { AVAILABILITIES, BLOOD_DONOR_MESSAGES as M } from "#core/messages/blood.ts";
import { filledText, withoutNul } from "./text";

/**
 * The blood-donor forms: becoming a donor, asking for a new personal link, and what a donor changes from that link.
 * Each takes `today` (YYYY-MM-DD: the browser's day in the browser, the society's on the server), so a last donation
 * in the future is refused at the field on both sides.
 */

export const DONOR_LIMITS = { name: 100, email: 254, phone: 20, city: 60, area: 80 } as const;

const DONATION_INTERVALS = Object.keys(DEFAULT_DONATION_INTERVAL_DAYS) as [DonationInterval, ...DonationInterval[]];

const required = (message: string, label: string, max: number) =>
  withoutNul(filledText(message).max(max, `${label} must be at most ${max} characters`), label);

/** A day as a date input sends it (YYYY-MM-DD) that exists on the calendar (not 2025-13-01, nor 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** A required text as people type it (a city, an area, a hospital): spaces collapsed, so "Lahore " and "Lahore" are one city. */
export const collapsedText = (message: string, label: string, max: number) =>
  required(message, label, max).transform((value) => value.replace(/\s+/g, " "));

const emailField = z
  .string({ error: "Invalid email" })
  .trim()
  .toLowerCase()
  .max(DONOR_LIMITS.email, `Email must be at most ${DONOR_LIMITS.email} characters`)
  .pipe(z.email({ error: "Invalid email" }));

const phoneField = z
  .string({ error: M.phoneRequired })
  .max(DONOR_LIMITS.phone, `Phone number must be at most ${DONOR_LIMITS.phone} characters`)
  .pipe(pakistaniMobile);

/** The last donation: empty, or a day no later than `today`. */
const lastDonationField = (today: string) =>
  z
    .string()
    .optional()
    .refine((value) => value === undefined || isCalendarDay(value), M.lastDonationDate)
    .refine((value) => value === undefined || value <= today, M.lastDonationFuture)
    .transform((value) => value ?? null);

/** "Become a blood donor". `consent` must be ticked; what it agreed to is the consent's current wording. */
export const donorSignUpSchema = (today: string) =>
  z.object({
    name: required(M.nameRequired, "Name", DONOR_LIMITS.name),
    email: emailField,
    phone: phoneField,
    bloodGroup: z.enum(BLOOD_GROUPS, { error: M.chooseGroup }),
    city: collapsedText(M.cityRequired, "City", DONOR_LIMITS.city),
    area: collapsedText(M.areaRequired, "Area", DONOR_LIMITS.area),
    lastDonation: lastDonationField(today),
    interval: z.enum(DONATION_INTERVALS, { error: M.chooseInterval }),
    consent: z.literal("on", { error: M.consentRequired }),
    submissionKey: withoutNul(z.string().trim().min(8).max(100), "The submission key").optional(),
  });

export type DonorSignUp = z.infer<ReturnType<typeof donorSignUpSchema>>;

/** "Lost your link?": the address to mail a new one to. */
export const donorLinkRequestSchema = z.object({ email: emailField });

/** What a donor changes from their own link: availability (with its date), last donation, city, area and phone. */
export const donorUpdateSchema = (today: string) =>
  z
    .object({
      availability: z.enum(AVAILABILITIES, { error: M.chooseAvailability }),
      availableFrom: z.string().optional(),
      lastDonation: lastDonationField(today),
      city: collapsedText(M.cityRequired, "City", DONOR_LIMITS.city),
      area: collapsedText(M.areaRequired, "Area", DONOR_LIMITS.area),
      phone: phoneField,
    })
    .superRefine((value, context) => {
      if (value.availability !== "from") return;
      const day = value.availableFrom;
      if (day === undefined || !isCalendarDay(day))
        context.addIssue({ code: "custom", path: ["availableFrom"], message: M.availableFromDate });
      else if (day <= today) context.addIssue({ code: "custom", path: ["availableFrom"], message: M.availableFromPast });
    })
    .transform(({ availableFrom, ...value }) => ({
      ...value,
      availableFrom: value.availability === "from" ? (availableFrom ?? null) : null,
    }));

export type DonorUpdate = z.infer<ReturnType<typeof donorUpdateSchema>>;
