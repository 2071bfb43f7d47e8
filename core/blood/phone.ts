import { z } from "zod";

/** The donor form's refusal of a number that is not a Pakistani mobile. */
export const NOT_A_PAKISTANI_MOBILE = "Enter a Pakistani mobile number: 03xx xxxxxxx or +92 3xx xxxxxxx";

/**
 * A Pakistani mobile number as people write it (`0300 1234567`, `+92 300 1234567`, with spaces or hyphens anywhere),
 * kept in one form: `+923001234567`, which `wa.me` and `tel:` links take once the `+` is dropped or kept.
 */
export const pakistaniMobile = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, ""))
  .refine((value) => /^(?:03\d{9}|\+923\d{9})$/.test(value), NOT_A_PAKISTANI_MOBILE)
  .transform((value) => (value.startsWith("+92") ? value : `+92${value.slice(1)}`));

/** The number as a `https://wa.me/<number>` link wants it: digits only, with the country code. */
export const whatsAppNumber = (mobile: string): string => mobile.replace(/\D/g, "");
