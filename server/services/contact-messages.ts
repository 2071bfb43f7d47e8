import type { ContactSubmission } from "#core/schemas/contact.ts";
import { MESSAGES_PAGE_SIZE, type MessageFilter } from "#core/schemas/messages.ts";
import type { Kysely } from "kysely";
import { isRecordId, newId } from "#server/db/ids.ts";
import type { Database } from "#server/db/schema.ts";
import { createRepos } from "#server/repos/index.ts";
import type { ContactMessage, ContactMessageMatch } from "#server/repos/contact-messages.ts";
import { adminLink } from "#server/mail/messages.ts";
import { formatSiteTime } from "#server/site-time.ts";
import { type CsvExport, csvFileName } from "./csv-file";
import { messagesCsv } from "./messages-csv";
import type { RecordEraser } from "./personal-data";
import type { SubmissionResult, SubmissionStore } from "./public-submissions";

/** A message as the admin's inbox shows it: with the time it arrived written in the society's time zone. */
export type ListedMessage = ContactMessage & { received: string };

/** Contact messages: each stored with its mail (see submissionStore), read and deleted by the admin. */
export function contactService({
  db,
  store,
  timeZone,
  erase,
  publicUrl,
}: {
  db: Kysely<Database>;
  store: SubmissionStore;
  timeZone: string;
  publicUrl: string;
  /** Deletes messages with every copy of their data. */
  erase: RecordEraser;
}) {
  const repos = createRepos(db);
  const listed = (message: ContactMessage): ListedMessage => ({
    ...message,
    received: formatSiteTime(new Date(message.createdAt), timeZone),
  });
  const matchOf = ({ q }: MessageFilter): ContactMessageMatch => ({ text: q || undefined });

  return {
    /** Stores a message with its mail; `linkPage` is the inbox the mail links to (the app's `href`). */
    submit(submission: ContactSubmission, clientIp: string, linkPage: string, now = new Date()): Promise<SubmissionResult> {
      const { name, email, message, submissionKey } = submission;
      const row = { id: newId(), name, email, message, submissionKey: submissionKey ?? null, createdAt: now.toISOString() };
      return store({
        form: "contact",
        clientIp,
        insert: (repos) => repos.contactMessages.create(row),
        mail: {
          kind: "contact",
          replyTo: { name, address: email },
          params: {
            name,
            email,
            time: formatSiteTime(now, timeZone),
            message,
            website_link: adminLink(publicUrl, linkPage, email),
          },
        },
        now,
      });
    },

    /**
     * One page of the messages that match the filter, newest first, with how many match and how many there are in all.
     * A page past the last gives the last.
     */
    async listPage(filter: MessageFilter) {
      const match = matchOf(filter);
      const [matching, total] = await Promise.all([repos.contactMessages.count(match), repos.contactMessages.count()]);
      const pages = Math.max(1, Math.ceil(matching / MESSAGES_PAGE_SIZE));
      const page = Math.min(filter.page, pages);
      const messages = await repos.contactMessages.listNewestFirst(match, {
        offset: (page - 1) * MESSAGES_PAGE_SIZE,
        limit: MESSAGES_PAGE_SIZE,
      });
      return { messages: messages.map(listed), matching, total, page, pages };
    },

    /** Every message that matches the filter (all pages), as a CSV file. */
    async exportCsv(filter: MessageFilter, now = new Date()): Promise<CsvExport> {
      const messages = await repos.contactMessages.listNewestFirst(matchOf(filter));
      return { body: messagesCsv(messages, { timeZone }), fileName: csvFileName("contact-messages", now, timeZone) };
    },

    /** How many messages no admin has opened yet (the admin pages' top bar shows it). */
    unreadCount: (): Promise<number> => repos.contactMessages.countUnread(),

    /** An admin opened the message: it is read from now on (reading is not audited). False when there is no such message. */
    async markRead(id: string, now = new Date()): Promise<boolean> {
      if (!isRecordId(id)) return false;
      return repos.contactMessages.markRead(id, now.toISOString());
    },

    /**
     * Deletes the messages with every copy of their data (their mails: see recordEraser), each with an audit entry
     * naming its id only; returns how many there were.
     */
    delete: async (ids: readonly string[], actorId: string): Promise<number> => {
      const wanted = [...new Set(ids)].filter(isRecordId);
      if (wanted.length === 0) return 0;
      const erased = await erase(
        async () => ({ messages: wanted }),
        async (trx, { messages }) => {
          for (const id of messages) await trx.auditLog.record(actorId, "contact-message.delete", `contact-message=${id}`);
        },
      );
      return erased.messages.length;
    },
  };
}
