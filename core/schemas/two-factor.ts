import { z } from "zod";
import { UNKNOWN_INTENT_MESSAGE } from "#core/messages/common.ts";
import { targetIdField } from "./intent";
import { filledText } from "./text";

const codeField = filledText("Enter the code").max(40, "That is not a code from the app or a recovery code");

/** The sign-in's second step: the app's 6 digits, or a recovery code (xxxxx-xxxxx-xxxxx-xxxxx-xxxxx). */
export const secondFactorSchema = z.object({ code: codeField });

/** Turning two factors on: the app's first code confirms it was set up. */
export const confirmTwoFactorSchema = z.object({
  code: z
    .string({ error: "Enter the 6-digit code from the app" })
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from the app"),
});

/** Turning two factors off, or new recovery codes: the password again. */
export const passwordAgainSchema = z.object({
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password"),
});

/**
 * What /admin/security does, by its `intent`: start the two-factor setup, confirm it with the app's first code, new
 * recovery codes or turning it off (the password again), and signing out one other session or every other one.
 */
export const securityActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("start-two-factor") }),
    confirmTwoFactorSchema.extend({ intent: z.literal("confirm-two-factor") }),
    passwordAgainSchema.extend({ intent: z.literal("recovery-codes") }),
    passwordAgainSchema.extend({ intent: z.literal("disable-two-factor") }),
    z.object({ intent: z.literal("revoke-session"), id: targetIdField("session") }),
    z.object({ intent: z.literal("revoke-other-sessions") }),
  ],
  { error: UNKNOWN_INTENT_MESSAGE },
);
