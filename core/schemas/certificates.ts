import { z } from "zod";
import { CERTIFICATE_ROLES } from "#core/certificates.ts";
import { CERTIFICATE_MESSAGES } from "#core/messages/certificates.ts";
import { targetIdField } from "./intent";
import { chosenFile, filledText } from "./text";

const NAME_MAX = 100;
const required = (what: string, max: number) => filledText(`Enter ${what}`).max(max, `At most ${max} characters`);

/** The largest signature image an Owner may upload. */
export const SIGNATURE_MAX_BYTES = 2 * 1024 * 1024;
/** The file types the signature field offers; the server judges the bytes. */
export const SIGNATURE_ACCEPT = "image/png,image/jpeg,image/webp";

/**
 * Who signs certificates, as an Owner sets them: name, title, and optionally a new signature image (none chosen, as a
 * browser sends an empty file part: the one set stays), or `removeSignature` to print none.
 */
export const certificateSignatorySchema = z.object({
  name: required("the signatory's name", NAME_MAX),
  title: required("the signatory's title", NAME_MAX),
  signature: chosenFile(
    z
      .instanceof(Blob, { error: CERTIFICATE_MESSAGES.signatureFormat })
      .refine((file) => file.size <= SIGNATURE_MAX_BYTES, CERTIFICATE_MESSAGES.signatureTooLarge)
      .optional(),
  ),
  removeSignature: z
    .literal("on")
    .optional()
    .transform((on) => on === "on"),
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
