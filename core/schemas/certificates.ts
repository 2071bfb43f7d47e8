import { z } from "zod";
import { CERTIFICATE_ROLES } from "#core/certificates.ts";
import { targetIdField } from "./intent";

const NAME_MAX = 100;
const required = (what: string, max: number) =>
  z
    .string({ error: `Enter ${what}` })
    .trim()
    .min(1, `Enter ${what}`)
    .max(max, `At most ${max} characters`);

/** Who signs certificates, as an Owner sets them. */
export const certificateSignatorySchema = z.object({
  name: required("the signatory's name", NAME_MAX),
  title: required("the signatory's title", NAME_MAX),
});

/** Issuing an event's certificates: the role they print (empty: none) and the hours (empty: none). */
export const issueCertificatesSchema = z.object({
  role: z
    .enum(["", ...CERTIFICATE_ROLES], { error: "Choose a role from the list" })
    .optional()
    .transform((role) => (role ? role : null)),
  hours: z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.5)?$/, "Hours as a number, in halves at most: 3 or 1.5")
    .refine((hours) => Number(hours) > 0 && Number(hours) <= 200, "Between 0.5 and 200 hours")
    .optional()
    .transform((hours) => hours ?? null),
});

/** The certificate intents of an announcement's registrations screen. */
export const certificateIntents = [
  issueCertificatesSchema.extend({ intent: z.literal("issue-certificates") }),
  z.object({
    intent: z.literal("reissue-certificate"),
    certificateId: targetIdField("certificate"),
    name: required("the name as it should be printed", NAME_MAX),
  }),
  z.object({ intent: z.literal("revoke-certificate"), certificateId: targetIdField("certificate") }),
] as const;
