import { z } from "zod";

const MIN = 8;
const MAX = 256;

/** SPEC 5, "Change password": messages exactly as written there. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: "Current password is required" }).min(1, "Current password is required"),
    newPassword: z
      .string({ error: "New password must be at least 8 characters" })
      .min(MIN, "New password must be at least 8 characters")
      .max(MAX, "New password must be at most 256 characters"),
    confirmPassword: z.string({ error: "Confirm password is required" }).min(MIN, "Confirm password is required"),
  })
  .refine((values) => values.newPassword === values.confirmPassword, { message: "New passwords don't match", path: ["confirmPassword"] });
