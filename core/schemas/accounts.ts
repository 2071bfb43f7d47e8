import { z } from "zod";
import { ADMIN_ROLES } from "#core/admin-roles.ts";
import { UNKNOWN_INTENT_MESSAGE } from "#core/messages/common.ts";
import { NEW_PASSWORDS_DIFFER } from "#core/messages/security.ts";
import { targetIdField } from "./intent";
import { newPasswordFields, samePasswordTwice } from "./password";
import { filledText, withoutNul } from "./text";

export const ADMIN_NAME_MAX_LENGTH = 80;

const emailField = filledText("Email is required").pipe(
  z.email("Enter an email address, such as name@example.org").max(254, "An email address is at most 254 characters"),
);

const roleField = z.enum(ADMIN_ROLES, { error: "Choose Owner or Editor" });

/** An invitation link's secret, carried from the link to the form as a hidden field. */
const tokenField = z.string({ error: "This link is incomplete" }).min(1, "This link is incomplete").max(100);

/** "Invite admin" on /admin/accounts. */
export const inviteAdminSchema = z.object({ email: emailField, role: roleField });

const trueOrFalse = (name: string) => z.enum(["true", "false"], { error: `${name} must be "true" or "false"` });

/** What /admin/accounts does, by its `intent`: each form and button of the page. */
export const accountsActionSchema = z.discriminatedUnion(
  "intent",
  [
    inviteAdminSchema.extend({ intent: z.literal("invite") }),
    z.object({ intent: z.literal("set-role"), adminId: targetIdField("account"), role: roleField }),
    z.object({ intent: z.literal("set-access"), adminId: targetIdField("account"), disabled: trueOrFalse("disabled") }),
    z.object({
      intent: z.literal("set-blood-coordinator"),
      adminId: targetIdField("account"),
      coordinator: trueOrFalse("coordinator"),
    }),
    z.object({ intent: z.literal("delete"), adminId: targetIdField("account") }),
    z.object({ intent: z.literal("revoke-invitation"), invitationId: targetIdField("invitation") }),
    z.object({ intent: z.literal("require-two-factor"), required: trueOrFalse("required") }),
  ],
  { error: UNKNOWN_INTENT_MESSAGE },
);

/** The invitee's own form: their name and a password, typed twice. */
export const acceptInvitationSchema = z
  .object({
    token: tokenField,
    name: withoutNul(
      filledText("Your name is required").max(ADMIN_NAME_MAX_LENGTH, `A name is at most ${ADMIN_NAME_MAX_LENGTH} characters`),
      "Name",
    ),
    ...newPasswordFields,
  })
  .refine(samePasswordTwice, { message: NEW_PASSWORDS_DIFFER, path: ["confirmPassword"] });

/** "Forgot password?": the account's email. */
export const forgotPasswordSchema = z.object({ email: emailField });

/** The reset link's form: the new password, typed twice. */
export const resetPasswordSchema = z
  .object({ token: tokenField, ...newPasswordFields })
  .refine(samePasswordTwice, { message: NEW_PASSWORDS_DIFFER, path: ["confirmPassword"] });
