import { z } from "zod";
import { withoutNul } from "./text";

/** SPEC 5, "Login". The same object checks the form in the browser and the request on the server. */
export const loginSchema = z.object({
  email: withoutNul(z.string().trim().min(1, "Email is required"), "Email"),
  password: z.string().min(1, "Password is required"),
});

export type LoginInput = z.infer<typeof loginSchema>;
