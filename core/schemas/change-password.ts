import { z } from "zod";
import { NEW_PASSWORDS_DIFFER } from "#core/messages/security.ts";
import { newPasswordFields, samePasswordTwice } from "./password";

/** SPEC 5, "Change password": messages exactly as written there. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: "Current password is required" }).min(1, "Current password is required"),
    ...newPasswordFields,
  })
  .refine(samePasswordTwice, { message: NEW_PASSWORDS_DIFFER, path: ["confirmPassword"] });
