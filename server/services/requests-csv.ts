import { REQUEST_STATUS_LABELS } from "#core/schemas/requests";
import { stringify } from "csv-stringify/sync";
import type { Application } from "../repos/applications";
import { formatSiteTimestamp } from "../site-time";

export interface RequestsCsvLabels {
  /** The join form's question texts, as the site has them now: one column each, in order. */
  questions: readonly string[];
  /** The label of the local address field (the site's content names it). */
  localAddressLabel: string;
  timeZone: string;
}

/**
 * Join requests as a spreadsheet reads them: UTF-8 with a byte order mark (so Urdu names show correctly), RFC 4180
 * quoting and CRLF line ends, one column per form field in a fixed order, and every cell that a spreadsheet would
 * run as a formula (=, +, -, @, tab, carriage return first) prefixed with an apostrophe.
 */
export function requestsCsv(applications: readonly Application[], { questions, localAddressLabel, timeZone }: RequestsCsvLabels): string {
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
  const rows = applications.map((application) => [
    formatSiteTimestamp(new Date(application.createdAt), timeZone),
    REQUEST_STATUS_LABELS[application.status],
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
  ]);
  return stringify([header, ...rows], { bom: true, record_delimiter: "windows", escape_formulas: true });
}
