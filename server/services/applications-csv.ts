import { APPLICATION_STATUS_LABELS } from "#core/schemas/applications.ts";
import type { Application } from "#server/repos/applications.ts";
import { formatSiteTimestamp } from "#server/site-time.ts";
import { csvFile } from "./csv-file";

export interface ApplicationsCsvLabels {
  /** The join form's question texts, as the site has them now: one column each, in order. */
  questions: readonly string[];
  /** The label of the local address field (the site's content names it). */
  localAddressLabel: string;
  timeZone: string;
}

/** Applications as a spreadsheet file (see csvFile): one column per form field in a fixed order, status and time. */
export function applicationsCsv(
  applications: AsyncIterable<Application>,
  { questions, localAddressLabel, timeZone }: ApplicationsCsvLabels,
) {
  const header = [
    "Submitted",
    "Status",
    "Name",
    "Email",
    "Phone",
    "Class",
    "Department",
    "Blood Group",
    localAddressLabel,
    "Permanent Address",
    ...questions,
    "Possible duplicate",
  ];
  const row = (application: Application) => [
    formatSiteTimestamp(new Date(application.createdAt), timeZone),
    APPLICATION_STATUS_LABELS[application.status],
    application.fullname,
    application.email,
    application.phone,
    application.class,
    application.department,
    application.bloodGroup ?? "",
    application.sargodhaAddress,
    application.permanentAddress,
    ...questions.map((_, index) => application.answers[index]?.answer ?? ""),
    application.possibleDuplicate ? "Yes" : "No",
  ];
  return csvFile(
    (async function* () {
      yield header;
      for await (const application of applications) yield row(application);
    })(),
  );
}
