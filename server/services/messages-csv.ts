import type { ContactMessage } from "#server/repos/contact-messages.ts";
import { formatSiteTimestamp } from "#server/site-time.ts";
import { csvFile } from "./csv-file";

/** Contact messages as a spreadsheet file (see csvFile): received time, sender, text and whether an admin read it. */
export function messagesCsv(messages: readonly ContactMessage[], { timeZone }: { timeZone: string }) {
  const header = ["Received", "Name", "Email", "Message", "Read"];
  const row = (message: ContactMessage) => [
    formatSiteTimestamp(new Date(message.createdAt), timeZone),
    message.name,
    message.email,
    message.message,
    message.readAt ? "Yes" : "No",
  ];
  return csvFile(
    (async function* () {
      yield header;
      for (const message of messages) yield row(message);
    })(),
  );
}
