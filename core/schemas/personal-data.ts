import { z } from "zod";
import { UNKNOWN_INTENT_MESSAGE } from "#core/messages/common.ts";

/** How long requests and messages may be kept, in months, as the admin chooses it; "never" keeps them until deleted. */
export const RETENTION_CHOICES = ["6", "12", "24", "36", "60", "never"] as const;
export const DEFAULT_RETENTION_MONTHS = 24;

export const RETENTION_LABELS: Record<(typeof RETENTION_CHOICES)[number], string> = {
  "6": "6 months",
  "12": "12 months",
  "24": "24 months",
  "36": "3 years",
  "60": "5 years",
  never: "Keep until deleted by hand",
};

export const retentionSchema = z.object({
  retention: z.enum(RETENTION_CHOICES, { error: "Choose how long to keep them" }),
});

/** The months a retention choice means; null: kept until deleted by hand. */
export const retentionMonths = (choice: (typeof RETENTION_CHOICES)[number]): number | null => (choice === "never" ? null : Number(choice));

/** An email address whose data the admin looks up (`intent` find) and then erases (`intent` erase). */
export const eraseByEmailSchema = z.object({
  email: z
    .string({ error: "Enter an email address" })
    .trim()
    .toLowerCase()
    .max(254, "Email must be at most 254 characters")
    .pipe(z.email({ error: "Enter an email address" })),
});

/** What /admin/personal-data does, by its `intent`: save the retention, find what is held for an address, erase it. */
export const personalDataActionSchema = z.discriminatedUnion(
  "intent",
  [retentionSchema.extend({ intent: z.literal("retention") }), eraseByEmailSchema.extend({ intent: z.enum(["find", "erase"]) })],
  { error: UNKNOWN_INTENT_MESSAGE },
);
