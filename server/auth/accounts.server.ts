import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { AdminRole } from "#core/admin-roles.ts";
import { networkLimitKey } from "#server/client-network.ts";
import { newId } from "#server/db/ids.ts";
import type { Database } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import type { MailFiles } from "#server/mail/mail-files.ts";
import type { OutboxPayload } from "#server/mail/messages.ts";
import { invitationMail } from "#server/mail/templates/invitation.ts";
import { passwordResetMail } from "#server/mail/templates/password-reset.ts";
import { createRepos, inTransaction, type Repos } from "#server/repos/index.ts";
import type { AdminLink, AdminLinkKind } from "#server/repos/admin-links.ts";
import { type AdminRecord, normalizeEmail } from "#server/repos/admins.ts";
import { formatSiteTime } from "#server/site-time.ts";
import { AUDIT_ACTOR } from "#server/repos/audit-log.ts";
import { errorMessage } from "#core/errors.ts";
import { hashOrBusy, newPasswordProblem, personalWords } from "./password.server";
import { loginAccountKey } from "./rate-limit.server";
import { hashLinkToken, isLinkToken, newLinkToken } from "#server/link-token.ts";

export const INVITATION_LIFETIME_MS = 48 * 60 * 60 * 1000;
export const PASSWORD_RESET_LIFETIME_MS = 30 * 60 * 1000;
/** "Forgot password?" mails per address asking, and per account asked about: no one fills a mailbox with them. */
export const RESET_REQUEST_LIMIT = { limit: 5, windowMs: 60 * 60 * 1000 } as const;

/** An account as the Owners' list shows it: never a hash. */
export interface AccountSummary {
  id: string;
  name: string | null;
  email: string;
  role: AdminRole;
  disabled: boolean;
  /** Signs in with an authenticator app's code as well as the password. */
  twoFactor: boolean;
  /** In the site's time zone ("23 November 2026 at 15:04"); null: never signed in. */
  lastSignIn: string | null;
  /** Has the Blood coordinator permission (Owners open the Blood section whether or not). */
  bloodCoordinator: boolean;
}

export interface InvitationSummary {
  id: string;
  email: string;
  role: AdminRole;
  /** In the site's time zone. */
  expires: string;
}

export type AccountChangeRefusal = "not-found" | "last-owner";
type AccountChange = { ok: true } | { ok: false; reason: AccountChangeRefusal };

export interface AccountsDeps {
  db: Kysely<Database>;
  publicUrl: string;
  /** The society's short name, as mails name the site. */
  siteName(): Promise<string>;
  wakeMailer(): void;
  /** SITE_TIMEZONE: the times the list shows. */
  timeZone: string;
  /** The `log` transport's files: an account mail's file goes once its link is used, revoked or expired. */
  mailFiles: MailFiles;
  logger: Logger;
  now?: () => Date;
}

const resetAccountKey = (email: string) => `reset:account:${crypto.createHash("sha256").update(email).digest("hex")}`;

/**
 * The admin accounts: Owners list, invite, change the role of, disable and remove them; an invitee accepts by setting a
 * name and password; anyone may ask for a password reset link. Every change is audited; the site never loses its last
 * Owner who can sign in.
 */
export function accountsService({
  db,
  publicUrl,
  siteName,
  wakeMailer,
  timeZone,
  mailFiles,
  logger,
  now: clock = () => new Date(),
}: AccountsDeps) {
  const repos = createRepos(db);
  const siteTime = (iso: string) => formatSiteTime(new Date(iso), timeZone);

  /** Refuses a change that would leave no enabled Owner; run inside the change's transaction. */
  async function keepsAnOwner(trx: Repos, admin: AdminRecord, after: { role: AdminRole; enabled: boolean }): Promise<boolean> {
    const losesOwner = admin.role === "owner" && admin.disabledAt === null && (after.role !== "owner" || !after.enabled);
    return !losesOwner || (await trx.admins.enabledOwnerCount()) > 1;
  }

  /** The open link the token names, of this kind, or undefined (unknown, used or expired). */
  async function openLink(kind: AdminLinkKind, token: string): Promise<AdminLink | undefined> {
    if (!isLinkToken(token)) return undefined;
    const link = await repos.adminLinks.findByTokenHash(hashLinkToken(token));
    if (!link || link.kind !== kind || link.usedAt !== null || Date.parse(link.expiresAt) <= clock().getTime()) return undefined;
    return link;
  }

  /**
   * Replaces the open links of the kind to the address with a new one, open `lifetimeMs` from `now`, and queues its mail:
   * `before` the link, the link (to `linkPage`) on its own line, then `after`; the link stays out of the payload.
   */
  async function sendLink(
    trx: Repos,
    link: Pick<AdminLink, "kind" | "email" | "role" | "adminId" | "createdBy">,
    { now, lifetimeMs, linkPage }: { now: Date; lifetimeMs: number; linkPage: string },
    mail: { to: { name: string; address: string }; subject: string; before: string[]; after: string[] },
  ): Promise<string> {
    const token = newLinkToken();
    await trx.adminLinks.revokeOpen(link.kind, link.email, now.toISOString());
    const created = await trx.adminLinks.create({
      ...link,
      id: newId(),
      tokenHash: hashLinkToken(token),
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + lifetimeMs).toISOString(),
    });
    const payload: OutboxPayload = {
      kind: "account",
      to: mail.to,
      subject: mail.subject,
      before: mail.before.join("\n"),
      after: mail.after.join("\n"),
    };
    await trx.mailOutbox.enqueueWithLink(
      "account",
      payload,
      { url: `${publicUrl}${linkPage}?token=${token}`, adminLinkId: created.id },
      clock(),
    );
    return created.id;
  }

  /**
   * After links may have ended (used, revoked, replaced, expired, or deleted with their account): the files the `log`
   * transport wrote of their mails go. Run after every change that can end a link; a failure is logged, and
   * housekeeping tries again.
   */
  async function deleteEndedLinkMails(): Promise<void> {
    try {
      await deleteMailsOfEndedLinks(repos, mailFiles, clock());
    } catch (error) {
      logger.warn({ err: errorMessage(error) }, "the mail files of ended links were not removed; housekeeping tries again");
    }
  }

  /** Ends the account's sessions and the invitations it sent: what the audit entry of the change says of them. */
  async function endAccess(trx: Repos, adminId: string, actorId: string): Promise<string> {
    const ended = await trx.sessions.deleteAllForAdmin(adminId);
    const revoked = await revokeInvitationsSentBy(trx, adminId, actorId);
    return `sessions_revoked=${ended} invitations_revoked=${revoked}`;
  }

  /**
   * Ends every open invitation `adminId` sent, each audited as a revocation by `actorId`: what an admin who is disabled,
   * removed or no longer an Owner handed out stops working with them. Answers how many.
   */
  async function revokeInvitationsSentBy(trx: Repos, adminId: string, actorId: string): Promise<number> {
    const now = clock().toISOString();
    const sent = (await trx.adminLinks.openInvitations(now)).filter((link) => link.createdBy === adminId);
    let revoked = 0;
    for (const link of sent) {
      if (!(await trx.adminLinks.revoke(link.id, now))) continue;
      revoked += 1;
      await trx.auditLog.record(actorId, "admin.invitation-revoked", `invitation=${link.id} inviter=${adminId}`);
    }
    return revoked;
  }

  return {
    async list(): Promise<{ accounts: AccountSummary[]; invitations: InvitationSummary[]; twoFactorRequired: boolean }> {
      const [admins, open, twoFactorRequired] = await Promise.all([
        repos.admins.list(),
        repos.adminLinks.openInvitations(clock().toISOString()),
        repos.settings.twoFactorRequired(),
      ]);
      return {
        twoFactorRequired,
        accounts: admins.map((admin) => ({
          id: admin.id,
          name: admin.name,
          email: admin.email,
          role: admin.role,
          bloodCoordinator: admin.bloodCoordinator,
          disabled: admin.disabledAt !== null,
          twoFactor: admin.totpEnabledAt !== null,
          lastSignIn: admin.lastSignInAt && siteTime(admin.lastSignInAt),
        })),
        invitations: open.map((link) => ({
          id: link.id,
          email: link.email,
          role: link.role ?? "editor",
          expires: siteTime(link.expiresAt),
        })),
      };
    },

    /**
     * Mails a single-use link, valid 48 hours, to become an admin with `role`. A newer invitation to the same address
     * replaces an open one.
     */
    async invite(input: {
      email: string;
      role: AdminRole;
      actor: { id: string; name: string | null; email: string };
      /** The admin page the mail's link opens (the app's `href`); the token goes in its query. */
      linkPage: string;
    }) {
      const email = normalizeEmail(input.email);
      if (await repos.admins.findByEmail(email)) return { ok: false as const, reason: "already-admin" as const };
      const now = clock();
      const site = await siteName();
      const inviter = input.actor.name ?? input.actor.email;
      await inTransaction(db, async (trx) => {
        const id = await sendLink(
          trx,
          { kind: "invitation", email, role: input.role, adminId: null, createdBy: input.actor.id },
          { now, lifetimeMs: INVITATION_LIFETIME_MS, linkPage: input.linkPage },
          invitationMail({ site, inviter, role: input.role, email }),
        );
        await trx.auditLog.record(input.actor.id, "admin.invite", `invitation=${id} role=${input.role}`);
      });
      wakeMailer();
      await deleteEndedLinkMails();
      return { ok: true as const };
    },

    /**
     * Whether every admin must sign in with two factors. An Owner turns it on only with their own two factors on, so
     * the change cannot lock them out of the page that made it.
     */
    async setTwoFactorRequired(input: {
      required: boolean;
      actorId: string;
    }): Promise<{ ok: true } | { ok: false; reason: "own-two-factor-off" }> {
      const actor = await repos.admins.findById(input.actorId);
      if (input.required && !actor?.totpEnabledAt) return { ok: false, reason: "own-two-factor-off" };
      await inTransaction(db, async (trx) => {
        await trx.settings.setTwoFactorRequired(input.required);
        await trx.auditLog.record(input.actorId, "two-factor.required", `required=${input.required}`);
      });
      return { ok: true };
    },

    async revokeInvitation(id: string, actorId: string): Promise<boolean> {
      const revoked = await repos.adminLinks.revoke(id, clock().toISOString());
      if (revoked) await repos.auditLog.record(actorId, "admin.invitation-revoked", `invitation=${id}`);
      await deleteEndedLinkMails();
      return revoked;
    },

    /** What an open invitation offers (for its page), or undefined when the link is unknown, used or expired. */
    async invitation(token: string): Promise<{ email: string; role: AdminRole } | undefined> {
      const link = await openLink("invitation", token);
      return link && { email: link.email, role: link.role ?? "editor" };
    },

    /** Creates the invited account, once: the link is used up in the same transaction. */
    async acceptInvitation(input: { token: string; name: string; password: string }) {
      const link = await openLink("invitation", input.token);
      if (!link) return { ok: false as const, reason: "invalid-link" as const };
      const problem = await newPasswordProblem(input.password, personalWords({ email: link.email, name: input.name }));
      if (problem) return { ok: false as const, reason: "invalid-password" as const, message: problem };
      const hashed = await hashOrBusy(input.password);
      if (!hashed.ok) return hashed;
      const now = clock().toISOString();
      const accepted = await inTransaction(db, async (trx) => {
        if (!(await trx.adminLinks.use(link.id, now))) return { ok: false as const, reason: "invalid-link" as const };
        if (await trx.admins.findByEmail(link.email)) return { ok: false as const, reason: "invalid-link" as const };
        const admin = await trx.admins.create({
          email: link.email,
          name: input.name,
          role: link.role ?? "editor",
          passwordHash: hashed.hash,
        });
        await trx.auditLog.record(admin.id, "admin.invitation-accepted", `invitation=${link.id} admin=${admin.id}`);
        return { ok: true as const, adminId: admin.id };
      });
      await deleteEndedLinkMails();
      return accepted;
    },

    async changeRole(input: { adminId: string; role: AdminRole; actorId: string }): Promise<AccountChange> {
      const changed = await inTransaction(db, async (trx): Promise<AccountChange> => {
        const admin = await trx.admins.findById(input.adminId);
        if (!admin) return { ok: false, reason: "not-found" };
        if (!(await keepsAnOwner(trx, admin, { role: input.role, enabled: admin.disabledAt === null })))
          return { ok: false, reason: "last-owner" };
        await trx.admins.setRole(admin.id, input.role);
        const demoted = admin.role === "owner" && input.role !== "owner";
        const revoked = demoted ? await revokeInvitationsSentBy(trx, admin.id, input.actorId) : 0;
        await trx.auditLog.record(input.actorId, "admin.role", `admin=${admin.id} role=${input.role} invitations_revoked=${revoked}`);
        return { ok: true };
      });
      await deleteEndedLinkMails();
      return changed;
    },

    /** Gives or takes the Blood coordinator permission (audited). */
    async setBloodCoordinator(input: { adminId: string; coordinator: boolean; actorId: string }): Promise<AccountChange> {
      return inTransaction(db, async (trx): Promise<AccountChange> => {
        if (!(await trx.admins.setBloodCoordinator(input.adminId, input.coordinator))) return { ok: false, reason: "not-found" };
        await trx.auditLog.record(input.actorId, "admin.blood-coordinator", `admin=${input.adminId} coordinator=${input.coordinator}`);
        return { ok: true };
      });
    },

    /**
     * Disabling ends the account's sessions and the invitations it sent at once; enabling lets it sign in again with its
     * password (the invitations stay ended).
     */
    async setDisabled(input: { adminId: string; disabled: boolean; actorId: string }): Promise<AccountChange> {
      const changed = await inTransaction(db, async (trx): Promise<AccountChange> => {
        const admin = await trx.admins.findById(input.adminId);
        if (!admin) return { ok: false, reason: "not-found" };
        if (input.disabled && !(await keepsAnOwner(trx, admin, { role: admin.role, enabled: false })))
          return { ok: false, reason: "last-owner" };
        await trx.admins.setDisabled(admin.id, input.disabled ? clock().toISOString() : null);
        if (!input.disabled) {
          await trx.auditLog.record(input.actorId, "admin.enable", `admin=${admin.id}`);
          return { ok: true };
        }
        const ended = await endAccess(trx, admin.id, input.actorId);
        await trx.auditLog.record(input.actorId, "admin.disable", `admin=${admin.id} ${ended}`);
        return { ok: true };
      });
      await deleteEndedLinkMails();
      return changed;
    },

    /** Removes the account and, with it, its sessions, its reset links and the invitations it sent. */
    async delete(input: { adminId: string; actorId: string }): Promise<AccountChange> {
      const removed = await inTransaction(db, async (trx): Promise<AccountChange> => {
        const admin = await trx.admins.findById(input.adminId);
        if (!admin) return { ok: false, reason: "not-found" };
        if (!(await keepsAnOwner(trx, admin, { role: admin.role, enabled: false }))) return { ok: false, reason: "last-owner" };
        const ended = await endAccess(trx, admin.id, input.actorId);
        await trx.admins.delete(admin.id);
        await trx.auditLog.record(input.actorId, "admin.remove", `admin=${admin.id} ${ended}`);
        return { ok: true };
      });
      await deleteEndedLinkMails();
      return removed;
    },

    /**
     * "Forgot password?": mails a reset link, valid 30 minutes, when an enabled account has the email. The caller
     * answers the same either way; only the limits (per address asking, per account) change the answer.
     */
    async requestPasswordReset(input: {
      email: string;
      ip: string;
      /** The admin page the mail's link opens (the app's `href`). */
      linkPage: string;
    }): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
      const now = clock();
      const email = normalizeEmail(input.email);
      const { limit, windowMs } = RESET_REQUEST_LIMIT;
      const byIp = await repos.rateLimits.hit(networkLimitKey("reset", input.ip), limit, windowMs, now);
      if (!byIp.allowed) return { ok: false, retryAfterSeconds: byIp.retryAfterSeconds };
      const admin = await repos.admins.findByEmail(email);
      if (!admin || admin.disabledAt !== null) {
        await repos.auditLog.record(AUDIT_ACTOR.anonymous, "password.reset-requested", "unknown account");
        return { ok: true };
      }
      // Past the account's limit the answer stays the same: no more mails, and nothing tells the asker.
      const byAccount = await repos.rateLimits.hit(resetAccountKey(email), limit, windowMs, now);
      if (!byAccount.allowed) return { ok: true };
      const site = await siteName();
      await inTransaction(db, async (trx) => {
        const id = await sendLink(
          trx,
          { kind: "password-reset", email, role: null, adminId: admin.id, createdBy: null },
          { now, lifetimeMs: PASSWORD_RESET_LIFETIME_MS, linkPage: input.linkPage },
          passwordResetMail({ site, name: admin.name, email }),
        );
        await trx.auditLog.record(AUDIT_ACTOR.anonymous, "password.reset-requested", `admin=${admin.id} link=${id}`);
      });
      wakeMailer();
      await deleteEndedLinkMails();
      return { ok: true };
    },

    /** Whether the reset link is open (for its page). */
    async passwordResetOpen(token: string): Promise<boolean> {
      return (await openLink("password-reset", token)) !== undefined;
    },

    /** Sets the new password once, ends every session and other reset link of the account and lifts a login lock-out. */
    async resetPassword(input: { token: string; password: string }) {
      const link = await openLink("password-reset", input.token);
      const admin = link?.adminId ? await repos.admins.findById(link.adminId) : undefined;
      if (!link || !admin || admin.disabledAt !== null) return { ok: false as const, reason: "invalid-link" as const };
      const problem = await newPasswordProblem(input.password, personalWords(admin));
      if (problem) return { ok: false as const, reason: "invalid-password" as const, message: problem };
      const hashed = await hashOrBusy(input.password);
      if (!hashed.ok) return hashed;
      const now = clock().toISOString();
      const done = await inTransaction(db, async (trx) => {
        if (!(await trx.adminLinks.use(link.id, now))) return false;
        await trx.admins.updatePassword(admin.id, hashed.hash, { mustChangePassword: false });
        const ended = await trx.sessions.deleteAllForAdmin(admin.id);
        const links = await trx.adminLinks.revokeOpen("password-reset", admin.email, now);
        await trx.auditLog.record(admin.id, "password.reset", `link=${link.id} sessions_revoked=${ended} reset_links_revoked=${links}`);
        return true;
      });
      if (!done) return { ok: false as const, reason: "invalid-link" as const };
      await deleteEndedLinkMails();
      await repos.rateLimits.reset(loginAccountKey(admin.email));
      return { ok: true as const, email: admin.email };
    },

    /**
     * Housekeeping: the `log` transport's files of links that ended (expired, or ended by a change that did not remove
     * them itself) go, and links used or expired a day ago go.
     */
    async deleteSettledLinks(): Promise<number> {
      await deleteMailsOfEndedLinks(repos, mailFiles, clock());
      return repos.adminLinks.deleteSettledBefore(new Date(clock().getTime() - 24 * 60 * 60 * 1000).toISOString());
    },
  };
}

/**
 * The mails of links no longer open (used, revoked, replaced, expired, or deleted with their account), once sent or
 * given up on: the `log` transport's file of each goes (it was the delivery, and held the link), then the mail stops
 * naming its link. Anything that ends a link outside this service (a password change, the command line) has its
 * files removed by the next housekeeping round, or sooner by calling this.
 */
export async function deleteMailsOfEndedLinks(repos: Repos, mailFiles: MailFiles, now: Date): Promise<number> {
  const ids = await repos.mailOutbox.endedLinkMails(now.toISOString());
  await mailFiles.delete(ids);
  await repos.mailOutbox.forgetAdminLinks(ids);
  return ids.length;
}
