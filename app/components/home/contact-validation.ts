import { parseWithZod } from "@conform-to/zod/v4";
import { contactSchema } from "#core/schemas/contact.ts";

/** The contact form's check in the browser: the schema /contact parses with, loaded when a visitor starts writing. */
export const validateContact = (formData: FormData) => parseWithZod(formData, { schema: contactSchema });
