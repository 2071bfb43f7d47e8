import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { parseConfig } from "#server/config.ts";
import { createLogger } from "#server/logger.ts";
import { mailFiles } from "#server/mail/mail-files.ts";
import { type OutboxPayload, renderMail } from "#server/mail/messages.ts";
import { createMailTransport } from "#server/mail/transports.ts";
import { createRepos, type Repos } from "#server/repos/index.ts";
import type { AdminRecord } from "#server/repos/admins.ts";
import { accountsService, INVITATION_LIFETIME_MS, PASSWORD_RESET_LIFETIME_MS, RESET_REQUEST_LIMIT } from "./accounts.server";
import { hashPassword, verifyPassword } from "./password.server";
import { sessionStore } from "./sessions.server";

const START = Date.parse("2026-11-29T10:00:00Z");
const STRONG = "tiger lily gravel";

describe.each(testEngines())("admin accounts on %s", (engine) => {
  let database: TestDatabase;
  let repos: Repos;
  let now: number;
  let owner: AdminRecord;
  let wakes: number;
  let dataDir: string;
  const accounts = () =>
    accountsService({
      db: database.db,
      publicUrl: "https://society.example",
      siteName: async () => "SMC Society",
      wakeMailer: () => (wakes += 1),
      timeZone: "Asia/Karachi",
      mailFiles: mailFiles(dataDir),
      logger: createLogger("silent"),
      now: () => new Date(now),
    });
  const actor = () => ({ id: owner.id, name: owner.name, email: owner.email });

  /** The account mails queued so far, oldest first, as they are sent (the link filled in from the row). */
  async function accountMails(): Promise<{ id: string; to: { name: string; address: string }; subject: string; text: string }[]> {
    const rows = await database.db
      .selectFrom("mailOutbox")
      .select(["id", "payload", "secretLink"])
      .where("kind", "=", "account")
      .orderBy("createdAt")
      .orderBy("id")
      .execute();
    return rows.map((row) => {
      const payload = JSON.parse(row.payload) as Extract<OutboxPayload, { kind: "account" }>;
      return { id: row.id, to: payload.to, subject: payload.subject, text: renderMail(payload, undefined, row.secretLink).text };
    });
  }
  const tokenIn = (text: string) => /token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? "";

  /** Delivers every due mail as the `log` transport does with no mail server set up: a DATA_DIR/mail/<id>.eml each. */
  async function deliverToFiles(): Promise<void> {
    const transport = createMailTransport(parseConfig({}).mail, dataDir, createLogger("silent"));
    const claim = () => repos.mailOutbox.claim("test-worker", 60_000, new Date(now));
    for (let job = await claim(); job; job = await claim()) {
      await transport.send(renderMail(JSON.parse(job.payload) as OutboxPayload, undefined, job.secretLink), job.id);
      expect(await repos.mailOutbox.markSent(job.id, "test-worker", new Date(now))).toBe(true);
    }
  }
  /** The mail's file as a mail program reads it (quoted-printable lines joined), or undefined once it is gone. */
  const mailFile = (id: string): string | undefined => {
    const file = path.join(dataDir, "mail", `${id}.eml`);
    return fs.existsSync(file) ? fs.readFileSync(file, "utf8").replace(/=\r?\n/g, "") : undefined;
  };

  beforeEach(async () => {
    database = await openTestDatabase(engine);
    repos = createRepos(database.db);
    now = START;
    wakes = 0;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "society-accounts-"));
    owner = await repos.admins.create({ email: "chair@society.example", name: "Sana Chair", passwordHash: await hashPassword(STRONG) });
  });
  afterEach(async () => {
    await database.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("an invitation mails a single-use link; accepting it creates the account with the role, once", async () => {
    expect(
      await accounts().invite({ email: " Editor@Society.example ", role: "editor", actor: actor(), linkPage: "/admin/invitation" }),
    ).toEqual({ ok: true });
    expect(wakes).toBe(1);
    const [mail] = await accountMails();
    expect(mail?.to.address).toBe("editor@society.example");
    expect(mail?.subject).toBe("You are invited to run the SMC Society website");
    expect(mail?.text).toContain("Sana Chair invited you to help run the SMC Society website as Editor.");
    expect(mail?.text).toContain("https://society.example/admin/invitation?token=");
    const token = tokenIn(mail!.text);
    // Only the link's hash is stored, and the mail's payload is without the link.
    expect(JSON.stringify(await database.db.selectFrom("adminLinks").selectAll().execute())).not.toContain(token);
    expect(JSON.stringify(await database.db.selectFrom("mailOutbox").select("payload").execute())).not.toContain(token);
    expect(await accounts().invitation(token)).toEqual({ email: "editor@society.example", role: "editor" });
    expect((await accounts().list()).invitations).toMatchObject([{ email: "editor@society.example", role: "editor" }]);

    const accepted = await accounts().acceptInvitation({ token, name: "Omar Editor", password: STRONG });
    expect(accepted.ok).toBe(true);
    const created = await repos.admins.findByEmail("editor@society.example");
    expect(created).toMatchObject({ name: "Omar Editor", role: "editor", mustChangePassword: false, disabledAt: null });
    expect(await verifyPassword(created?.passwordHash, STRONG)).toBe(true);
    expect(await accounts().acceptInvitation({ token, name: "Someone Else", password: STRONG })).toEqual({
      ok: false,
      reason: "invalid-link",
    });
    expect(await accounts().invitation(token)).toBeUndefined();
    expect((await accounts().list()).invitations).toEqual([]);
    const actions = (await repos.auditLog.listRecent(10)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["admin.invite", "admin.invitation-accepted"]));
  });

  test("the list: Owners first, each with role, two-factor, access and last sign-in in the site's time; open invitations until when", async () => {
    const editor = await repos.admins.create({ email: "aamir@society.example", name: "Aamir", passwordHash: "x", role: "editor" });
    await repos.admins.setDisabled(editor.id, new Date(now).toISOString());
    await repos.admins.recordSignIn(owner.id, new Date(now).toISOString());
    await repos.admins.setPendingTotpSecret(owner.id, "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
    await repos.admins.enableTotp(owner.id, new Date(now).toISOString(), 1);
    await accounts().invite({ email: "bilal@society.example", role: "owner", actor: actor(), linkPage: "/admin/invitation" });
    const { accounts: listed, invitations } = await accounts().list();
    expect(listed.map(({ email, role, disabled, twoFactor, lastSignIn }) => [email, role, disabled, twoFactor, lastSignIn])).toEqual([
      ["chair@society.example", "owner", false, true, "29 November 2026 at 15:00"],
      ["aamir@society.example", "editor", true, false, null],
    ]);
    expect(invitations).toEqual([
      { id: expect.any(String), email: "bilal@society.example", role: "owner", expires: "1 December 2026 at 15:00" },
    ]);
  });

  test("an invitation works for 48 hours; a newer one to the same address replaces it; revoked, it is gone", async () => {
    await accounts().invite({ email: "editor@society.example", role: "editor", actor: actor(), linkPage: "/admin/invitation" });
    const first = tokenIn((await accountMails())[0]!.text);
    now = START + INVITATION_LIFETIME_MS - 1;
    expect(await accounts().invitation(first)).toBeDefined();
    now = START + INVITATION_LIFETIME_MS;
    expect(await accounts().invitation(first)).toBeUndefined();
    expect((await accounts().acceptInvitation({ token: first, name: "Late", password: STRONG })).ok).toBe(false);

    await accounts().invite({ email: "editor@society.example", role: "owner", actor: actor(), linkPage: "/admin/invitation" });
    await accounts().invite({ email: "editor@society.example", role: "editor", actor: actor(), linkPage: "/admin/invitation" });
    const [, second, third] = (await accountMails()).map((mail) => tokenIn(mail.text));
    expect(await accounts().invitation(second!)).toBeUndefined();
    expect(await accounts().invitation(third!)).toEqual({ email: "editor@society.example", role: "editor" });
    const [open] = (await accounts().list()).invitations;
    expect(await accounts().revokeInvitation(open!.id, owner.id)).toBe(true);
    expect(await accounts().invitation(third!)).toBeUndefined();
  });

  test("an address that already has an account is not invited; a weak password does not use the link up", async () => {
    expect(
      await accounts().invite({ email: "CHAIR@society.example", role: "editor", actor: actor(), linkPage: "/admin/invitation" }),
    ).toEqual({
      ok: false,
      reason: "already-admin",
    });
    await accounts().invite({ email: "editor@society.example", role: "editor", actor: actor(), linkPage: "/admin/invitation" });
    const token = tokenIn((await accountMails())[0]!.text);
    const weak = await accounts().acceptInvitation({ token, name: "Omar", password: "password" });
    expect(weak).toMatchObject({ ok: false, reason: "invalid-password" });
    expect(await accounts().invitation(token)).toBeDefined();
    expect(await repos.admins.findByEmail("editor@society.example")).toBeUndefined();
  });

  test("two racing acceptances of one link create one account", async () => {
    await accounts().invite({ email: "editor@society.example", role: "editor", actor: actor(), linkPage: "/admin/invitation" });
    const token = tokenIn((await accountMails())[0]!.text);
    const results = await Promise.all([
      accounts().acceptInvitation({ token, name: "First", password: STRONG }),
      accounts().acceptInvitation({ token, name: "Second", password: STRONG }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect((await repos.admins.list()).filter((admin) => admin.email === "editor@society.example")).toHaveLength(1);
  });

  test("the last enabled Owner can be neither demoted, disabled nor removed; with a second Owner all three work", async () => {
    for (const refused of [
      await accounts().changeRole({ adminId: owner.id, role: "editor", actorId: owner.id }),
      await accounts().setDisabled({ adminId: owner.id, disabled: true, actorId: owner.id }),
      await accounts().delete({ adminId: owner.id, actorId: owner.id }),
    ]) {
      expect(refused).toEqual({ ok: false, reason: "last-owner" });
    }
    const second = await repos.admins.create({ email: "second@society.example", passwordHash: "x", role: "owner" });
    // A disabled Owner does not count: it cannot sign in to run the site.
    await repos.admins.setDisabled(second.id, new Date(now).toISOString());
    expect(await accounts().changeRole({ adminId: owner.id, role: "editor", actorId: owner.id })).toEqual({
      ok: false,
      reason: "last-owner",
    });
    await repos.admins.setDisabled(second.id, null);
    expect(await accounts().changeRole({ adminId: owner.id, role: "editor", actorId: second.id })).toEqual({ ok: true });
    expect((await repos.admins.findById(owner.id))?.role).toBe("editor");
    expect(await accounts().delete({ adminId: "no-such-id", actorId: second.id })).toEqual({ ok: false, reason: "not-found" });
  });

  test("two factors are required for everyone only by an Owner who has them on; a session without them is told to set up", async () => {
    expect(await accounts().setTwoFactorRequired({ required: true, actorId: owner.id })).toEqual({
      ok: false,
      reason: "own-two-factor-off",
    });
    expect((await accounts().list()).twoFactorRequired).toBe(false);
    await repos.admins.setPendingTotpSecret(owner.id, "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
    await repos.admins.enableTotp(owner.id, new Date(now).toISOString(), 1);
    expect(await accounts().setTwoFactorRequired({ required: true, actorId: owner.id })).toEqual({ ok: true });
    expect((await accounts().list()).twoFactorRequired).toBe(true);

    const editor = await repos.admins.create({ email: "editor@society.example", passwordHash: "x", role: "editor" });
    const sessions = sessionStore(repos.sessions, { now: () => new Date(now) });
    const editorSession = await sessions.create(editor.id);
    const ownerSession = await sessions.create(owner.id);
    expect((await sessions.findByToken(editorSession.token))?.admin.mustSetUpTwoFactor).toBe(true);
    expect((await sessions.findByToken(ownerSession.token))?.admin.mustSetUpTwoFactor).toBe(false);
    await accounts().setTwoFactorRequired({ required: false, actorId: owner.id });
    expect((await sessions.findByToken(editorSession.token))?.admin.mustSetUpTwoFactor).toBe(false);
    expect((await repos.auditLog.listRecent(5)).map((entry) => entry.detail)).toEqual(
      expect.arrayContaining(["required=true", "required=false"]),
    );
  });

  test("disabling or removing an account ends its sessions at once; enabling lets it back", async () => {
    const editor = await repos.admins.create({ email: "editor@society.example", passwordHash: "x", role: "editor" });
    const sessions = sessionStore(repos.sessions, { now: () => new Date(now) });
    const { token } = await sessions.create(editor.id);
    expect(await accounts().setDisabled({ adminId: editor.id, disabled: true, actorId: owner.id })).toEqual({ ok: true });
    expect(await sessions.findByToken(token)).toBeUndefined();
    expect((await accounts().list()).accounts.find((account) => account.id === editor.id)?.disabled).toBe(true);
    await accounts().setDisabled({ adminId: editor.id, disabled: false, actorId: owner.id });
    const again = await sessions.create(editor.id);
    expect(await sessions.findByToken(again.token)).toBeDefined();
    expect(await accounts().delete({ adminId: editor.id, actorId: owner.id })).toEqual({ ok: true });
    expect(await sessions.findByToken(again.token)).toBeUndefined();
    expect(await repos.admins.findById(editor.id)).toBeUndefined();
    const actions = (await repos.auditLog.listRecent(10)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["admin.disable", "admin.enable", "admin.remove"]));
  });

  test("disabling, removing or demoting an admin revokes every open invitation that admin sent, and audits each", async () => {
    const other = await repos.admins.create({ email: "treasurer@society.example", name: "Ali Treasurer", passwordHash: "x" });
    const asOther = { id: other.id, name: other.name, email: other.email };
    /** One invitation from `other` and one from `owner`: the tokens, in that order. */
    async function inviteFromBoth(round: string): Promise<[string, string]> {
      await accounts().invite({
        email: `from-other-${round}@society.example`,
        role: "owner",
        actor: asOther,
        linkPage: "/admin/invitation",
      });
      await accounts().invite({
        email: `from-owner-${round}@society.example`,
        role: "editor",
        actor: actor(),
        linkPage: "/admin/invitation",
      });
      const [fromOther, fromOwner] = (await accountMails()).slice(-2).map((mail) => tokenIn(mail.text));
      return [fromOther!, fromOwner!];
    }
    const revokedEntries = async () =>
      (await repos.auditLog.listRecent(100, { action: "admin.invitation-revoked" })).map((entry) => entry.detail);

    // Demoted: Owner to Editor.
    let [fromOther, fromOwner] = await inviteFromBoth("demoted");
    expect(await accounts().changeRole({ adminId: other.id, role: "editor", actorId: owner.id })).toEqual({ ok: true });
    expect(await accounts().invitation(fromOther)).toBeUndefined();
    expect(await accounts().invitation(fromOwner)).toBeDefined();
    expect((await accounts().acceptInvitation({ token: fromOther, name: "Late Owner", password: STRONG })).ok).toBe(false);
    expect(await revokedEntries()).toHaveLength(1);
    expect((await repos.auditLog.listRecent(100, { action: "admin.role" }))[0]?.detail).toBe(
      `admin=${other.id} role=editor invitations_revoked=1`,
    );
    // Made an Owner again, nothing is revoked; the ended invitation stays ended.
    await accounts().changeRole({ adminId: other.id, role: "owner", actorId: owner.id });
    expect(await accounts().invitation(fromOther)).toBeUndefined();
    expect(await accounts().invitation(fromOwner)).toBeDefined();

    // Disabled.
    [fromOther, fromOwner] = await inviteFromBoth("disabled");
    await accounts().setDisabled({ adminId: other.id, disabled: true, actorId: owner.id });
    expect(await accounts().invitation(fromOther)).toBeUndefined();
    expect(await accounts().invitation(fromOwner)).toBeDefined();
    expect((await repos.auditLog.listRecent(1, { action: "admin.disable" }))[0]?.detail).toBe(
      `admin=${other.id} sessions_revoked=0 invitations_revoked=1`,
    );
    await accounts().setDisabled({ adminId: other.id, disabled: false, actorId: owner.id });
    expect(await accounts().invitation(fromOther)).toBeUndefined();

    // Removed.
    [fromOther, fromOwner] = await inviteFromBoth("removed");
    await accounts().delete({ adminId: other.id, actorId: owner.id });
    expect(await accounts().invitation(fromOther)).toBeUndefined();
    expect(await accounts().invitation(fromOwner)).toBeDefined();
    expect((await repos.auditLog.listRecent(1, { action: "admin.remove" }))[0]?.detail).toBe(
      `admin=${other.id} sessions_revoked=0 invitations_revoked=1`,
    );

    // Each revoked invitation is named, as the Owner who made the change revoking it; the Owner's own three are open.
    const revoked = await repos.auditLog.listRecent(100, { action: "admin.invitation-revoked" });
    expect(revoked).toHaveLength(3);
    for (const entry of revoked) {
      expect(entry.actor).toBe(owner.id);
      expect(entry.detail).toMatch(new RegExp(`^invitation=[0-9a-f-]{36} inviter=${other.id}$`));
    }
    expect((await accounts().list()).invitations.map((invitation) => invitation.email).sort()).toEqual([
      "from-owner-demoted@society.example",
      "from-owner-disabled@society.example",
      "from-owner-removed@society.example",
    ]);
  });

  test("a password reset ends the account's other open reset links", async () => {
    await accounts().requestPasswordReset({ email: "chair@society.example", ip: "203.0.113.5", linkPage: "/admin/reset-password" });
    const token = tokenIn((await accountMails())[0]!.text);
    // A second open link for the account, as two requests racing on two instances could leave.
    await repos.adminLinks.create({
      id: "0193a000-0000-7000-8000-000000000001",
      kind: "password-reset",
      tokenHash: "b".repeat(64),
      email: "chair@society.example",
      role: null,
      adminId: owner.id,
      createdBy: null,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + PASSWORD_RESET_LIFETIME_MS).toISOString(),
    });
    expect(await accounts().resetPassword({ token, password: "a brand new secret" })).toMatchObject({ ok: true });
    expect((await repos.adminLinks.findByTokenHash("b".repeat(64)))?.usedAt).toBe(new Date(now).toISOString());
    expect((await repos.auditLog.listRecent(1, { action: "password.reset" }))[0]?.detail).toMatch(
      /^link=\S+ sessions_revoked=0 reset_links_revoked=1$/,
    );
  });

  test("a password reset: mailed only for an account, works once for 30 minutes, and signs out everywhere", async () => {
    expect(
      await accounts().requestPasswordReset({ email: "nobody@society.example", ip: "203.0.113.5", linkPage: "/admin/reset-password" }),
    ).toEqual({ ok: true });
    expect(await accountMails()).toEqual([]);
    expect(
      await accounts().requestPasswordReset({ email: "Chair@Society.example", ip: "203.0.113.5", linkPage: "/admin/reset-password" }),
    ).toEqual({ ok: true });
    const [mail] = await accountMails();
    expect(mail?.to).toEqual({ name: "Sana Chair", address: "chair@society.example" });
    expect(mail?.text).toContain("https://society.example/admin/reset-password?token=");
    const token = tokenIn(mail!.text);

    const sessions = sessionStore(repos.sessions, { now: () => new Date(now) });
    const signedIn = await sessions.create(owner.id);
    now = START + PASSWORD_RESET_LIFETIME_MS - 1;
    expect(await accounts().passwordResetOpen(token)).toBe(true);
    expect(await accounts().resetPassword({ token, password: "sanachair" })).toMatchObject({ ok: false, reason: "invalid-password" });
    expect(await accounts().resetPassword({ token, password: "a brand new secret" })).toEqual({ ok: true, email: "chair@society.example" });
    expect(await verifyPassword((await repos.admins.findById(owner.id))?.passwordHash, "a brand new secret")).toBe(true);
    expect(await sessions.findByToken(signedIn.token)).toBeUndefined();
    expect(await accounts().resetPassword({ token, password: "another brand new secret" })).toEqual({ ok: false, reason: "invalid-link" });

    await accounts().requestPasswordReset({ email: "chair@society.example", ip: "203.0.113.5", linkPage: "/admin/reset-password" });
    const late = tokenIn((await accountMails())[1]!.text);
    now += PASSWORD_RESET_LIFETIME_MS;
    expect(await accounts().passwordResetOpen(late)).toBe(false);
    expect(await accounts().resetPassword({ token: late, password: "a brand new secret" })).toEqual({ ok: false, reason: "invalid-link" });
  });

  test("reset requests are limited per address asking and per account, without telling the asker about the account", async () => {
    for (let i = 0; i < RESET_REQUEST_LIMIT.limit; i += 1) {
      expect(
        await accounts().requestPasswordReset({ email: "chair@society.example", ip: `203.0.113.${i}`, linkPage: "/admin/reset-password" }),
      ).toEqual({ ok: true });
    }
    // The account's limit: the same answer, no more mail.
    expect(
      await accounts().requestPasswordReset({ email: "chair@society.example", ip: "198.51.100.1", linkPage: "/admin/reset-password" }),
    ).toEqual({ ok: true });
    expect(await accountMails()).toHaveLength(RESET_REQUEST_LIMIT.limit);
    // The address's limit: refused, whatever the email.
    for (let i = 0; i < RESET_REQUEST_LIMIT.limit - 1; i += 1)
      await accounts().requestPasswordReset({ email: `x${i}@example.org`, ip: "198.51.100.1", linkPage: "/admin/reset-password" });
    expect(
      await accounts().requestPasswordReset({ email: "y@example.org", ip: "198.51.100.1", linkPage: "/admin/reset-password" }),
    ).toMatchObject({ ok: false });
  });

  test("with no mail server, a link's mail file holds it until the link is used, revoked, replaced, expired or its account removed", async () => {
    for (const email of ["used", "revoked", "replaced", "expires"].map((name) => `${name}@society.example`))
      await accounts().invite({ email, role: "editor", actor: actor(), linkPage: "/admin/invitation" });
    const editor = await repos.admins.create({ email: "editor@society.example", passwordHash: "x", role: "editor" });
    for (const email of ["chair@society.example", "editor@society.example"])
      await accounts().requestPasswordReset({ email, ip: "203.0.113.5", linkPage: "/admin/reset-password" });
    const mails = await accountMails();
    await deliverToFiles();
    const mailTo = (address: string) => mails.find((mail) => mail.to.address === address)!;
    for (const mail of mails) expect(mailFile(mail.id)).toContain(tokenIn(mail.text));
    const filesLeft = () => mails.filter((mail) => mailFile(mail.id) !== undefined).map((mail) => mail.to.address.split("@")[0]);
    expect(filesLeft()).toEqual(["used", "revoked", "replaced", "expires", "chair", "editor"]);

    const accepted = await accounts().acceptInvitation({
      token: tokenIn(mailTo("used@society.example").text),
      name: "Used",
      password: STRONG,
    });
    expect(accepted.ok).toBe(true);
    expect(filesLeft()).toEqual(["revoked", "replaced", "expires", "chair", "editor"]);
    const revoked = (await accounts().list()).invitations.find((invitation) => invitation.email === "revoked@society.example")!;
    await accounts().revokeInvitation(revoked.id, owner.id);
    expect(filesLeft()).toEqual(["replaced", "expires", "chair", "editor"]);
    now = START + 60_000;
    await accounts().invite({ email: "replaced@society.example", role: "owner", actor: actor(), linkPage: "/admin/invitation" });
    expect(filesLeft()).toEqual(["expires", "chair", "editor"]);
    expect(
      await accounts().resetPassword({ token: tokenIn(mailTo("chair@society.example").text), password: "a brand new secret" }),
    ).toMatchObject({
      ok: true,
    });
    expect(filesLeft()).toEqual(["expires", "editor"]);
    // Removing the account deletes its reset link with it.
    await accounts().delete({ adminId: editor.id, actorId: owner.id });
    expect(filesLeft()).toEqual(["expires"]);

    // The newer invitation's mail, and its file, are not touched; the one that expires goes with housekeeping.
    await deliverToFiles();
    const newer = (await database.db.selectFrom("mailOutbox").select("id").where("status", "=", "sent").execute()).filter(
      (row) => !mails.some((mail) => mail.id === row.id),
    );
    expect(newer).toHaveLength(1);
    now = START + INVITATION_LIFETIME_MS - 1;
    await accounts().deleteSettledLinks();
    expect(filesLeft()).toEqual(["expires"]);
    now = START + INVITATION_LIFETIME_MS;
    await accounts().deleteSettledLinks();
    expect(filesLeft()).toEqual([]);
    expect(mailFile(newer[0]!.id)).toBeDefined();
  });

  test("a disabled account gets no reset mail, and an open link of it does not work", async () => {
    await accounts().requestPasswordReset({ email: "chair@society.example", ip: "203.0.113.5", linkPage: "/admin/reset-password" });
    const token = tokenIn((await accountMails())[0]!.text);
    await repos.admins.setDisabled(owner.id, new Date(now).toISOString());
    expect(await accounts().resetPassword({ token, password: "a brand new secret" })).toEqual({ ok: false, reason: "invalid-link" });
    await accounts().requestPasswordReset({ email: "chair@society.example", ip: "203.0.113.5", linkPage: "/admin/reset-password" });
    expect(await accountMails()).toHaveLength(1);
  });
});
