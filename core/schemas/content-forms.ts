import { z } from "zod";
import { withoutNul } from "./text";

/** What a save made from an older copy of an item is told (a version check, not last-write-wins). */
export const CONFLICT_MESSAGE = "This was changed by someone else. Reload to see the latest.";

/** Text the site shows: required, trimmed, at most `max` characters, each message naming the field. */
export function requiredText(label: string, max: number) {
  return withoutNul(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      .max(max, `${label} must be at most ${max} characters`),
    label,
  );
}

/** A link the site shows: http(s) only, so it can never become a `javascript:` link. */
export function webLink(label: string) {
  return z
    .url({ protocol: /^https?$/, hostname: z.regexes.domain, error: `${label} must be a link starting with https:// or http://` })
    .refine((url) => !url.includes("\u0000"), `${label} must be a link starting with https:// or http://`);
}

/** The version of the item the form was filled from; the save is refused when the stored one has moved on. */
const version = z.coerce.number({ error: CONFLICT_MESSAGE }).int(CONFLICT_MESSAGE).positive(CONFLICT_MESSAGE);

/** The id of an existing item (a saved edit), or nothing (a new one). */
const itemId = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "No such item")
  .optional();

export const SITE_DETAILS_LIMITS = { name: 100, shortName: 20, tagline: 100, heroText: 500, mission: 2000 } as const;

/** /admin/content/home: the site's names and texts and its contact links. */
export const siteDetailsSchema = z.object({
  name: requiredText("Name", SITE_DETAILS_LIMITS.name),
  shortName: requiredText("Short name", SITE_DETAILS_LIMITS.shortName),
  tagline: requiredText("Tagline", SITE_DETAILS_LIMITS.tagline),
  heroText: requiredText("Hero text", SITE_DETAILS_LIMITS.heroText),
  mission: requiredText("Mission", SITE_DETAILS_LIMITS.mission),
  videoChannelUrl: webLink("Video channel link"),
  whatsappContactUrl: webLink("WhatsApp link"),
  whatsappCommunityUrl: webLink("WhatsApp community link"),
  version,
});
export type SiteDetailsInput = z.infer<typeof siteDetailsSchema>;

export const GOAL_LIMITS = { title: 100, description: 500 } as const;

/** /admin/content/goals: one goal, new (no id) or edited (its id and the version it was read at). */
export const goalSchema = z.object({
  id: itemId,
  version: version.optional(),
  title: requiredText("Title", GOAL_LIMITS.title),
  description: requiredText("Description", GOAL_LIMITS.description),
});
export type GoalInput = z.infer<typeof goalSchema>;

/** Move up / Move down on any list. */
export const moveItemSchema = z.object({ direction: z.enum(["up", "down"]) });
