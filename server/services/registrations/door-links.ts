import { doorPagePath } from "#core/tickets.ts";
import { isRecordId, newId } from "#server/db/ids.ts";
import { inTransaction } from "#server/repos/index.ts";
import { formatSiteTime } from "#server/site-time.ts";
import type { RegistrationDeps } from "./deps";
import { hashLinkToken, isLinkToken, newLinkToken } from "#server/link-token.ts";

/** How long a door link works after its event ends (or, with no end set, after it starts). */
export const DOOR_LINK_GRACE_MS = 6 * 60 * 60 * 1000;
/** How long an ended door link stays listed (who it was for, when it ended) before housekeeping deletes it. */
export const ENDED_DOOR_LINK_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/** Why no door link was made: no such announcement, no event to open a door for, or its event is over. */
export type DoorLinkRefusal = "missing" | "no-event" | "ended";

/** A door link as the registrations screen lists it. */
export interface ListedDoorLink {
  id: string;
  label: string;
  state: "open" | "revoked" | "expired";
  createdText: string;
  expiresText: string;
}

/**
 * Makes a door link for `label` (who it is for) that opens the announcement's check-in screen until its event's end and
 * 6 hours; audited. The token (256 random bits) is in the answer only: the database keeps its SHA-256.
 */
export async function createDoorLink(
  { db, repos, site, timeZone }: RegistrationDeps,
  announcementId: string,
  label: string,
  actorId: string,
  now: Date = new Date(),
): Promise<{ ok: true; link: string; expiresText: string } | { ok: false; reason: DoorLinkRefusal }> {
  const announcement = isRecordId(announcementId) ? await repos.announcements.findById(announcementId) : undefined;
  if (!announcement) return { ok: false, reason: "missing" };
  if (!announcement.event) return { ok: false, reason: "no-event" };
  const expiresAt = new Date(new Date(announcement.event.endsAt ?? announcement.event.startsAt).getTime() + DOOR_LINK_GRACE_MS);
  if (expiresAt <= now) return { ok: false, reason: "ended" };
  const token = newLinkToken();
  const id = newId();
  await inTransaction(db, async (trx) => {
    await trx.doorLinks.create({
      id,
      announcementId,
      tokenHash: hashLinkToken(token),
      label,
      createdBy: actorId,
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    });
    await trx.auditLog.record(actorId, "door-link.create", `announcement=${announcementId} link=${id}`);
  });
  const { publicUrl } = await site();
  return { ok: true, link: `${publicUrl}${doorPagePath(token)}`, expiresText: formatSiteTime(expiresAt, timeZone) };
}

/** An announcement's door links, newest first, each open, revoked or expired. */
export async function doorLinksFor({ repos, timeZone }: RegistrationDeps, announcementId: string, now: Date = new Date()) {
  if (!isRecordId(announcementId)) return [];
  return (await repos.doorLinks.listFor(announcementId)).map((link): ListedDoorLink => ({
    id: link.id,
    label: link.label,
    state: link.revokedAt !== null ? "revoked" : link.expiresAt <= now.toISOString() ? "expired" : "open",
    createdText: formatSiteTime(new Date(link.createdAt), timeZone),
    expiresText: formatSiteTime(new Date(link.expiresAt), timeZone),
  }));
}

/** Revokes one of the announcement's open door links at once, audited: whether there was such a link. */
export async function revokeDoorLink(
  { db }: RegistrationDeps,
  announcementId: string,
  linkId: string,
  actorId: string,
  now: Date = new Date(),
): Promise<boolean> {
  if (!isRecordId(announcementId) || !isRecordId(linkId)) return false;
  return inTransaction(db, async (trx) => {
    if (!(await trx.doorLinks.revoke(announcementId, linkId, now.toISOString()))) return false;
    await trx.auditLog.record(actorId, "door-link.revoke", `announcement=${announcementId} link=${linkId}`);
    return true;
  });
}

/** The door a link opens while it works: its announcement and who it is for; undefined for any other token. */
export async function openDoor({ repos }: RegistrationDeps, token: string, now: Date = new Date()) {
  if (!isLinkToken(token)) return undefined;
  const link = await repos.doorLinks.findOpen(hashLinkToken(token), now.toISOString());
  return link && { announcementId: link.announcementId, label: link.label };
}

/** Deletes the door links that stopped working (expired or revoked) more than 30 days ago: how many went. */
export const deleteEndedDoorLinks = ({ repos }: RegistrationDeps, now: Date = new Date()): Promise<number> =>
  repos.doorLinks.deleteEndedBefore(new Date(now.getTime() - ENDED_DOOR_LINK_KEPT_MS).toISOString());
