import type { Locale } from "#core/i18n/locale.ts";
import type { JoinSubmission } from "#core/schemas/join.ts";
import { APPLICATIONS_PAGE_SIZE, type ApplicationFilter, type ApplicationStatus } from "#core/schemas/applications.ts";
import type { Kysely } from "kysely";
import { isRecordId, newId } from "#server/db/ids.ts";
import type { Database } from "#server/db/schema.ts";
import { createRepos, inTransaction, type Repos } from "#server/repos/index.ts";
import type { ActivityEntry } from "#server/repos/application-activity.ts";
import { type Answer, type Application, type ApplicationMatch, serializeAnswers } from "#server/repos/applications.ts";
import { formatSiteTime, startOfDay } from "#server/site-time.ts";
import { adminLink, type OutboxPayload } from "#server/mail/messages.ts";
import type { RecordEraser } from "./personal-data";
import type { SubmissionResult, SubmissionStore } from "./public-submissions";
import { type CsvExport, csvFileName, inPages } from "./csv-file";
import { applicationsCsv } from "./applications-csv";

export interface ApplicationServiceDeps {
  db: Kysely<Database>;
  store: SubmissionStore;
  publicUrl: string;
  /** The society's time zone: of the time written in the notification mail, the admin's times and date filters. */
  timeZone: string;
  /** The six question texts, as the site's content has them now. */
  questions(): Promise<readonly string[]>;
  /** The local address field's label, as the site's content has it now. */
  localAddressLabel(): Promise<string>;
  /** Deletes requests with every copy of their data. */
  erase: RecordEraser;
  /** In the transaction that accepts requests: makes their applicants members (memberService's `admit`). */
  admitMembers(trx: Repos, applicationIds: readonly string[], actor: Actor, now: Date): Promise<void>;
  /** The applicant's confirmation mail as the committee set it, in the language they applied in; undefined when it is off. */
  confirmationFor(
    applicant: { name: string; email: string },
    locale: Locale,
  ): Promise<Extract<OutboxPayload, { kind: "confirmation" }> | undefined>;
}

/** The admin who acts: the id for the audit log, the email for the request's or the member's history. */
export interface Actor {
  id: string;
  email: string;
}

/** A request as the admin area shows it: with the time it was submitted written in the society's time zone. */
export type ListedApplication = Application & { submitted: string };
export type ListedActivity = ActivityEntry & { when: string };

/** Requests read from the database at a time while a CSV export is written. */
const CSV_PAGE_SIZE = 500;

/** A second application from one email within this time is taken and marked as a possible duplicate. */
const DUPLICATE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** The answers as the spec stores them: {question, answer} in order, the two lists (already cleaned by the schema) joined by ", ". */
function joinAnswers(submission: JoinSubmission, questions: readonly string[]): Answer[] {
  const answers = [
    submission.question1,
    submission.question2,
    submission.question3,
    submission.question4,
    submission.question5.join(", "),
    submission.question6.join(", "),
  ];
  return answers.map((answer, i) => ({ question: questions[i] ?? `Question ${i + 1}`, answer }));
}

/** Join applications: stored with their notification and confirmation mails, listed for the admin, deleted by the admin. */
export function applicationService({
  db,
  store,
  publicUrl,
  timeZone,
  questions,
  localAddressLabel,
  erase,
  confirmationFor,
  admitMembers,
}: ApplicationServiceDeps) {
  const repos = createRepos(db);
  const listed = (application: Application): ListedApplication => ({
    ...application,
    submitted: formatSiteTime(new Date(application.createdAt), timeZone),
  });
  /** The filter's days are the society's: "to" includes the whole of its day. */
  const matchOf = ({ q, status, from, to }: ApplicationFilter): ApplicationMatch => ({
    text: q || undefined,
    status,
    since: from ? startOfDay(from, timeZone).toISOString() : undefined,
    before: to ? startOfDay(to, timeZone, 1).toISOString() : undefined,
  });
  const validIds = (ids: readonly string[]) => [...new Set(ids)].filter(isRecordId);

  return {
    /**
     * Stores an application with its mails (see submissionStore); refused while Join Us is hidden. `linkPage` is the
     * admin page the notification links to (the app's `href`); `locale` the language the applicant applied in, which
     * their confirmation mail is written in.
     */
    async submit(
      submission: JoinSubmission,
      clientIp: string,
      linkPage: string,
      { now = new Date(), locale = "en" }: { now?: Date; locale?: Locale } = {},
    ): Promise<SubmissionResult | { ok: false; reason: "closed" }> {
      if (!(await repos.settings.get()).joinUsVisible) return { ok: false, reason: "closed" };
      const { fullname: name, email, phone, department, sargodhaAddress, permanentAddress, submissionKey } = submission;
      const bloodGroup = submission.bloodGroup === "" ? null : submission.bloodGroup;
      const row = {
        id: newId(),
        fullname: name,
        class: submission.class,
        department,
        sargodhaAddress: sargodhaAddress,
        permanentAddress: permanentAddress,
        email,
        phone,
        bloodGroup: bloodGroup,
        answers: serializeAnswers(joinAnswers(submission, await questions())),
        submissionKey: submissionKey,
        createdAt: now.toISOString(),
      };
      const params = { name, email, phone, class: submission.class, department, sargodhaAddress, permanentAddress };
      const duplicateSince = new Date(now.getTime() - DUPLICATE_WINDOW_MS);
      const confirmation = await confirmationFor({ name, email }, locale);
      return store({
        form: "join",
        clientIp,
        limitedEmail: email,
        insert: async (repos) => ({
          ...(await repos.applications.create({
            ...row,
            possibleDuplicate: (await repos.applications.appliedSince(email, duplicateSince)) ? 1 : 0,
          })),
          confirmation: confirmation && { payload: confirmation },
        }),
        mail: {
          kind: "join",
          replyTo: { name, address: email },
          params: {
            ...params,
            bloodGroup: bloodGroup ?? "N/A",
            time: formatSiteTime(now, timeZone),
            website_link: adminLink(publicUrl, linkPage, email),
          },
        },
        now,
      });
    },

    /**
     * One page of the requests that match the filter, newest first, with how many match and how many there are in
     * all. A page past the last gives the last.
     */
    async listPage(filter: ApplicationFilter) {
      const match = matchOf(filter);
      const [matching, total] = await Promise.all([repos.applications.count(match), repos.applications.count()]);
      const pages = Math.max(1, Math.ceil(matching / APPLICATIONS_PAGE_SIZE));
      const page = Math.min(filter.page, pages);
      const applications = await repos.applications.listNewestFirst(match, {
        offset: (page - 1) * APPLICATIONS_PAGE_SIZE,
        limit: APPLICATIONS_PAGE_SIZE,
      });
      return { applications: applications.map(listed), matching, total, page, pages };
    },

    /** Every request that matches the filter (all pages), as a CSV file, read and written a few hundred at a time. */
    async exportCsv(filter: ApplicationFilter, now = new Date()): Promise<CsvExport> {
      const [questionTexts, addressLabel] = await Promise.all([questions(), localAddressLabel()]);
      const match = matchOf(filter);
      const applications = inPages<Application>(
        (after) => repos.applications.listNewestFirst({ ...match, after }, { offset: 0, limit: CSV_PAGE_SIZE }),
        CSV_PAGE_SIZE,
      );
      const body = applicationsCsv(applications, { questions: questionTexts, localAddressLabel: addressLabel, timeZone });
      return { body, fileName: csvFileName("join-requests", now, timeZone) };
    },

    /** A request with its history of status changes and notes, oldest first; undefined when there is none. */
    async details(id: string): Promise<{ application: ListedApplication; activity: ListedActivity[] } | undefined> {
      if (!isRecordId(id)) return undefined;
      const [application, activity] = await Promise.all([repos.applications.findById(id), repos.applicationActivity.listFor(id)]);
      if (!application) return undefined;
      return {
        application: listed(application),
        activity: activity.map((entry) => ({ ...entry, when: formatSiteTime(new Date(entry.at), timeZone) })),
      };
    },

    /**
     * Sets the status of the requests; each one whose status changes gets a history entry and an audit entry (ids
     * only), and an accepted one's applicant becomes a member. Returns how many of the ids named a request.
     */
    async setStatus(ids: readonly string[], status: ApplicationStatus, actor: Actor, now = new Date()): Promise<number> {
      const wanted = validIds(ids);
      if (wanted.length === 0) return 0;
      return inTransaction(db, async (trx) => {
        const found = await trx.applications.statusesOf(wanted);
        const changing = found.filter((request) => request.status !== status).map((request) => request.id);
        if (changing.length > 0) {
          await trx.applications.setStatus(changing, status);
          const at = now.toISOString();
          await trx.applicationActivity.record(
            changing.map((applicationId) => ({ applicationId, at, adminEmail: actor.email, kind: "status", status })),
          );
          for (const id of changing) await trx.auditLog.record(actor.id, "application.status", `application=${id} status=${status}`);
          if (status === "accepted") await admitMembers(trx, changing, actor, now);
        }
        return found.length;
      });
    },

    /** Adds an internal note to a request; false when there is no such request. */
    async addNote(id: string, note: string, actor: Actor, now = new Date()): Promise<boolean> {
      if (!isRecordId(id)) return false;
      return inTransaction(db, async (trx) => {
        if ((await trx.applications.statusesOf([id])).length === 0) return false;
        await trx.applicationActivity.record([{ applicationId: id, at: now.toISOString(), adminEmail: actor.email, kind: "note", note }]);
        await trx.auditLog.record(actor.id, "application.note", `application=${id}`);
        return true;
      });
    },

    /**
     * Deletes the requests with every copy of their data (their history, their mails: see recordEraser) and an audit
     * entry each (the id only); returns how many there were.
     */
    delete: async (ids: readonly string[], actorId: string): Promise<number> => {
      const wanted = validIds(ids);
      if (wanted.length === 0) return 0;
      const erased = await erase(
        async () => ({ applications: wanted }),
        async (trx, { requests }) => {
          for (const id of requests) await trx.auditLog.record(actorId, "application.delete", `application=${id}`);
        },
      );
      return erased.requests.length;
    },
  };
}
