import { z } from "zod";
import { withoutNul } from "./text";
import { ANNOUNCEMENT_IMAGE_MAX_BYTES } from "./limits";

const DESCRIPTION_MAX_LENGTH = 5000;

/**
 * SPEC 5, "Create announcement". `image` is read as a list, so "exactly one file" is one check, whether the form
 * sent none, one or several. The declared type is only a first filter; the server checks the bytes.
 */
export const createAnnouncementSchema = z.object({
  image: z.preprocess(
    (value) => (value === undefined ? [] : [value].flat()),
    z
      .array(z.instanceof(Blob, { error: "Image is required" }))
      .length(1, "Image is required")
      .refine((files) => files.every((file) => file.size > 0 && file.type.startsWith("image/")), "Image is required")
      .refine((files) => files.every((file) => file.size <= ANNOUNCEMENT_IMAGE_MAX_BYTES), "Image must be 5 MB or smaller"),
  ),
  description: withoutNul(
    z
      .string({ error: "Description must be at least 10 characters" })
      .trim()
      .min(10, "Description must be at least 10 characters")
      .max(DESCRIPTION_MAX_LENGTH, `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters`),
    "Description",
  ),
  // The URL parser takes a NUL byte (percent-encoding it), but the link is stored as typed.
  url: z
    .url({ protocol: /^https?$/, hostname: z.regexes.domain, error: "Enter a valid URL" })
    .refine((url) => !url.includes("\u0000"), "Enter a valid URL"),
});
