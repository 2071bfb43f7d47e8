import type { Kysely } from "kysely";
import { greetableName } from "#core/greetable-name.ts";
import { MEMBER_RENEWAL_PAGE } from "#core/public-pages.ts";
import { DEFAULT_ANNOUNCEMENT_TITLE } from "#core/schemas/announcement.ts";
import { MEMBERS_PAGE_SIZE, type MemberFilter } from "#core/schemas/members.ts";
import { isRecordId, newId } from "#server/db/ids.ts";
import type { Database } from "#server/db/schema.ts";
import type { DonorMailSite } from "#server/mail/templates/blood-donor.ts";
import { createRepos, inTransaction, type Repos } from "#server/repos/index.ts";
import { type MemberMatch, memberRegistrations, type MemberRow } from "#server/repos/members.ts";
import { formatSiteTime, toWallTime } from "#server/site-time.ts";
import { type CsvExport, csvFile, csvFileName } from "./csv-file";
import type { Actor } from "./applications";
import type { RecordEraser } from "./personal-data";
import { hashLinkToken, isLinkToken, newLinkToken } from "#server/link-token.ts";

/** A member who does not answer a new session's mail within this time lapses: a past member from then on. */
export const RENEWAL_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The society's year as people write it, "2026–27", for an instant: a session runs from July to June. Used until an
 * Owner names the current session.
 */
export function sessionOf(at: Date, timeZone: string): string {
  const [year, month] = toWallTime(at, timeZone).split("-").map(Number) as [number, number];
  const first = month >= 7 ? year : year - 1;
  return `${first}–${String((first + 1) % 100).padStart(2, "0")}`;
}

/** A member as the list shows them. */
export type ListedMember = Pick<
  MemberRow,
  "id" | "name" | "email" | "phone" | "class" | "department" | "session" | "position" | "status"
> & { accepted: string };

/** A member with no renewal asked of them (none yet, or answered, or lapsed). */
const NO_RENEWAL = { renewalTokenHash: null, renewalSession: null, renewalDeadline: null } as const;

const MEMBER_CSV_HEADER = ["Name", "Email", "Phone", "Class", "Department", "Session", "Position", "Status", "Applied", "Accepted"];

/**
 * Members: made when a join request is accepted (admit), listed with search and filters, each with their details and
 * history, a committee position, removal; the session an Owner starts, which asks every current member by mail to stay
 * and lapses those who do not answer within 30 days.
 */
export function memberService({
  db,
  timeZone,
  erase,
  site,
  wakeMailer,
}: {
  db: Kysely<Database>;
  timeZone: string;
  erase: RecordEraser;
  site(): Promise<DonorMailSite>;
  wakeMailer(): void;
}) {
  const repos = createRepos(db);
  const siteTime = (at: string) => formatSiteTime(new Date(at), timeZone);
  const matchOf = ({ q, session, class: className, position, status }: MemberFilter): MemberMatch => ({
    text: q || undefined,
    session: session || undefined,
    class: className || undefined,
    position: position || undefined,
    status: status === "all" ? undefined : status,
  });
  const listed = (member: MemberRow): ListedMember => ({
    id: member.id,
    name: member.name,
    email: member.email,
    phone: member.phone,
    class: member.class,
    department: member.department,
    session: member.session,
    position: member.position,
    status: member.status,
    accepted: siteTime(member.acceptedAt),
  });

  /** The current session: as an Owner named it, or the year `now` falls in. */
  const currentSession = async (from: Repos, now: Date) => (await from.settings.memberSession()) ?? sessionOf(now, timeZone);

  return {
    currentSession: (now = new Date()) => currentSession(repos, now),

    /**
     * In the caller's transaction (accepting join requests): each accepted applicant becomes a current member of the
     * current session, with the request as their history; a past member rejoins; a current one stays as they are.
     */
    async admit(trx: Repos, applicationIds: readonly string[], actor: Actor, now: Date): Promise<void> {
      const at = now.toISOString();
      const session = await currentSession(trx, now);
      for (const applicationId of applicationIds) {
        const application = await trx.applications.findById(applicationId);
        if (!application) continue;
        const existing = await trx.members.findByEmail(application.email);
        if (existing?.status === "current") continue;
        // A past member rejoins with the new request's details; a position from an earlier time is not carried over.
        const details = {
          applicationId,
          name: application.fullname,
          phone: application.phone,
          class: application.class,
          department: application.department,
          session,
          position: null,
          status: "current",
          lapsedAt: null,
          ...NO_RENEWAL,
        } as const;
        const id = existing?.id ?? newId();
        if (existing) await trx.members.update(id, details);
        else await trx.members.create({ id, email: application.email, appliedAt: application.createdAt, acceptedAt: at, ...details });
        await trx.members.record({ memberId: id, at, kind: existing ? "rejoined" : "accepted", detail: session, adminEmail: actor.email });
        await trx.auditLog.record(actor.id, "member.admit", `member=${id} application=${applicationId}`);
      }
    },

    /** One page of the members that match, by name, with how many match and how many there are; a page past the last gives the last. */
    async listPage(filter: MemberFilter) {
      const match = matchOf(filter);
      const [matching, total, choices] = await Promise.all([repos.members.count(match), repos.members.count(), repos.members.choices()]);
      const pages = Math.max(1, Math.ceil(matching / MEMBERS_PAGE_SIZE));
      const page = Math.min(filter.page, pages);
      const members = await repos.members.list(match, { offset: (page - 1) * MEMBERS_PAGE_SIZE, limit: MEMBERS_PAGE_SIZE });
      return { members: members.map(listed), matching, total, page, pages, choices };
    },

    /** Every member that matches the filter (all pages), as a CSV file (UTF-8 with BOM, as the requests export). */
    async exportCsv(filter: MemberFilter, now = new Date()): Promise<CsvExport> {
      const members = await repos.members.list(matchOf(filter));
      async function* rows() {
        yield MEMBER_CSV_HEADER;
        for (const member of members) {
          yield [
            member.name,
            member.email,
            member.phone,
            member.class,
            member.department,
            member.session,
            member.position ?? "",
            member.status === "current" ? "Current" : "Past",
            siteTime(member.appliedAt),
            siteTime(member.acceptedAt),
          ];
        }
      }
      return { body: csvFile(rows()), fileName: csvFileName("members", now, timeZone) };
    },

    /** A member with their history (applied, accepted, positions, sessions) and the events they registered for and attended. */
    async details(id: string) {
      if (!isRecordId(id)) return undefined;
      const member = await repos.members.findById(id);
      if (!member) return undefined;
      const [history, registrations] = await Promise.all([repos.members.history(id), memberRegistrations(db, member.email)]);
      return {
        ...listed(member),
        applied: siteTime(member.appliedAt),
        applicationId: member.applicationId,
        lapsed: member.lapsedAt && siteTime(member.lapsedAt),
        renewal:
          member.renewalSession && member.renewalDeadline
            ? { session: member.renewalSession, until: siteTime(member.renewalDeadline) }
            : null,
        history: history.map((entry) => ({ ...entry, when: siteTime(entry.at) })),
        registrations: registrations.map((registration) => ({
          id: registration.id,
          announcementId: registration.announcementId,
          heading: registration.title ?? DEFAULT_ANNOUNCEMENT_TITLE,
          status: registration.status,
          when: siteTime(registration.createdAt),
          /** When they were checked in at the event's door: they attended. */
          attended: registration.checkedInAt && siteTime(registration.checkedInAt),
        })),
      };
    },

    /** Sets or clears a member's committee position (history and audit); false when there is no such member. */
    async setPosition(id: string, position: string | null, actor: Actor, now = new Date()): Promise<boolean> {
      if (!isRecordId(id)) return false;
      return inTransaction(db, async (trx) => {
        const member = await trx.members.findById(id);
        if (!member) return false;
        if (member.position === position) return true;
        await trx.members.update(id, { position });
        await trx.members.record({ memberId: id, at: now.toISOString(), kind: "position", detail: position, adminEmail: actor.email });
        await trx.auditLog.record(actor.id, "member.position", `member=${id}`);
        return true;
      });
    },

    /** Removes a member with every copy of their data (their history and mails); the join request stays. Audited. */
    async remove(id: string, actorId: string): Promise<boolean> {
      if (!isRecordId(id)) return false;
      const erased = await erase(
        async () => ({ members: [id] }),
        async (trx, { members }) => {
          for (const member of members) await trx.auditLog.record(actorId, "member.remove", `member=${member}`);
        },
      );
      return erased.members.length > 0;
    },

    /**
     * An Owner starts a new session: it becomes the current one, and every current member of an earlier session gets a
     * mail with a link to stay ("Yes, keep me a member for 2027–28"); who does not answer within RENEWAL_WINDOW_MS
     * lapses (lapseOverdue). Audited; returns how many were asked.
     */
    async startSession(session: string, actor: Actor, now = new Date()): Promise<number> {
      const siteInfo = await site();
      const deadline = new Date(now.getTime() + RENEWAL_WINDOW_MS);
      const asked = await inTransaction(db, async (trx) => {
        await trx.settings.setMemberSession(session);
        const members = await trx.members.currentOutside(session);
        for (const member of members) {
          const token = newLinkToken();
          await trx.members.update(member.id, {
            renewalTokenHash: hashLinkToken(token),
            renewalSession: session,
            renewalDeadline: deadline.toISOString(),
          });
          const name = greetableName(member.name);
          const before = [
            name ? `Hello ${name},` : "Hello,",
            "",
            `${siteInfo.siteName} starts its ${session} session. To stay a member, open this link and press "Yes, keep me a member for ${session}":`,
          ];
          const after = [
            "",
            `The link works until ${formatSiteTime(deadline, timeZone)}. If you do not answer by then, you become a past member; you can always apply again.`,
            "",
            siteInfo.siteName,
          ];
          // Tied to the member: removing them takes the mail too.
          await trx.mailOutbox.enqueueWithLink(
            "member-renewal",
            {
              kind: "member-renewal",
              to: { name: name ?? "", address: member.email },
              subject: `Stay a member for ${session}? ${siteInfo.siteName}`,
              before: before.join("\n"),
              after: after.join("\n"),
            },
            { url: `${siteInfo.publicUrl}${MEMBER_RENEWAL_PAGE}?token=${token}` },
            now,
            member.id,
          );
        }
        await trx.auditLog.record(actor.id, "member.session-start", `members_asked=${members.length}`);
        return members.length;
      });
      if (asked > 0) wakeMailer();
      return asked;
    },

    /** What the page a renewal link opens shows, changing nothing; undefined for a link that does not work. */
    async renewalPage(token: string, now = new Date()) {
      if (!isLinkToken(token)) return undefined;
      const member = await repos.members.findByRenewalHash(hashLinkToken(token));
      if (!member?.renewalSession || !member.renewalDeadline) return undefined;
      return {
        name: member.name,
        session: member.renewalSession,
        open: member.status === "current" && member.renewalDeadline > now.toISOString(),
      };
    },

    /** The member stays for the new session (their history says so); false for a link that does not work or is past its time. */
    async renew(token: string, now = new Date()): Promise<boolean> {
      if (!isLinkToken(token)) return false;
      return inTransaction(db, async (trx) => {
        const member = await trx.members.findByRenewalHash(hashLinkToken(token));
        if (!member?.renewalSession || !member.renewalDeadline || member.status !== "current") return false;
        if (member.renewalDeadline <= now.toISOString()) return false;
        await trx.members.update(member.id, { session: member.renewalSession, ...NO_RENEWAL });
        await trx.members.record({
          memberId: member.id,
          at: now.toISOString(),
          kind: "renewed",
          detail: member.renewalSession,
          adminEmail: null,
        });
        return true;
      });
    },

    /** Current members who did not answer a new session in time become past members (kept until retention removes them). */
    async lapseOverdue(now = new Date()): Promise<number> {
      const at = now.toISOString();
      const overdue = await repos.members.overdue(at);
      if (overdue.length === 0) return 0;
      await inTransaction(db, async (trx) => {
        for (const member of overdue) {
          await trx.members.update(member.id, { status: "past", lapsedAt: at, ...NO_RENEWAL });
          await trx.members.record({ memberId: member.id, at, kind: "lapsed", detail: member.session, adminEmail: null });
        }
      });
      return overdue.length;
    },
  };
}

export type MemberService = ReturnType<typeof memberService>;
