import type { Registration } from "#server/repos/registrations.ts";
import { formatSiteTimestamp } from "#server/site-time.ts";

const STATUS_LABELS: Record<Registration["status"], string> = {
  registered: "Registered",
  waiting: "Waiting list",
  unconfirmed: "Unconfirmed",
};

/**
 * An announcement's registrations as spreadsheet rows (for csvFile): when, status, when they were checked in at the
 * door, the person, then one column per question: the questions it asks now, then any that an earlier wording was
 * answered under.
 */
export async function* registrationsCsv(
  registrations: readonly Registration[],
  { questions, timeZone }: { questions: readonly string[]; timeZone: string },
): AsyncGenerator<string[]> {
  const columns = [...new Set([...questions, ...registrations.flatMap((registration) => registration.answers.map((a) => a.question))])];
  yield ["Registered", "Status", "Checked in", "Name", "Email", "Phone", "Class", ...columns];
  for (const registration of registrations) {
    const answers = new Map(registration.answers.map((answer) => [answer.question, answer.answer]));
    yield [
      formatSiteTimestamp(new Date(registration.createdAt), timeZone),
      STATUS_LABELS[registration.status],
      registration.checkedInAt === null ? "" : formatSiteTimestamp(new Date(registration.checkedInAt), timeZone),
      registration.name,
      registration.email,
      registration.phone,
      registration.class,
      ...columns.map((column) => answers.get(column) ?? ""),
    ];
  }
}
