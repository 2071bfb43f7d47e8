import { z } from "zod";

/** The form field that names which of a page's actions a post asks for. */
export const INTENT_FIELD = "intent";

/** The id of what a page's button acts on (an account, an invitation), posted with its intent. */
export const targetIdField = (what: string) =>
  z
    .string({ error: `Choose the ${what}` })
    .min(1, `Choose the ${what}`)
    .max(100, `No such ${what}`);
