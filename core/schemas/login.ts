import { z } from "zod";
import { filledText, withoutNul } from "./text";

/** SPEC 5, "Login". The same object checks the form in the browser and the request on the server. */
export const loginSchema = z.object({
  email: withoutNul(filledText("Email is required"), "Email"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
  /** The admin page to return to (checked with adminReturnPath before it is used). */
  next: z.string().max(2000).optional(),
});
