/** What certificates of attendance say: their mail, their public page, and the registrations screen's section. */
export const CERTIFICATE_MESSAGES = {
  mailSubject: (event: string) => `Your certificate: ${event}`,
  mailText: (name: string, event: string, link: string, society: string) =>
    [
      `Dear ${name},`,
      "",
      `Thank you for attending ${event}. Your certificate of attendance is attached as a PDF.`,
      "",
      "Anyone can check that it is genuine by scanning its QR code, or at:",
      link,
      "",
      society,
    ].join("\n"),
  issued: (count: number) => `${count} ${count === 1 ? "certificate" : "certificates"} issued: their mails are on their way.`,
  refusal: {
    missing: "This announcement no longer exists.",
    "no-event": "Certificates are for events: give this announcement an event first.",
    "not-started": "Certificates can be issued once the event has started.",
    "no-signatory": "An Owner must first set who signs certificates (Certificates, in the admin menu).",
    none: "Everyone checked in has a certificate already: check people in first.",
  },
  notValid: "That certificate is already revoked or replaced.",
  reissued: (name: string) => `Certificate reissued to ${name}`,
  revoked: "Certificate revoked",
  page: {
    valid: "This certificate is genuine and valid.",
    revoked: "This certificate was revoked by the society: it is no longer valid.",
    replaced: "This certificate was replaced by a corrected one: it is no longer valid. Ask its holder for the new one.",
    notFound: "No certificate has this number. Check that it was typed or scanned whole.",
  },
  signatorySaved: "Certificate signatory saved",
  signatureFormat: "The signature must be a PNG, JPEG or WebP image of at most 25 megapixels",
  signatureTooLarge: "The signature image must be at most 2 MB",
  signatureSet:
    "A signature image is printed above the name. Choose another to replace it (a PNG with a transparent background looks best), or tick the box below to print none.",
  signatureNone: "Printed above the name: a PNG with a transparent background looks best, up to 2 MB.",
  settingsIntro:
    "Certificates of attendance are issued from an event's registrations screen to those checked in at its door. Each prints the society's logo and name, and who signs it.",
  signatoryHelp:
    "Printed at the foot of each certificate issued from now on; those issued before keep the signatory they were issued with.",
  help: "Once the event has started, issue a certificate of attendance to everyone checked in at its door. Each gets a mail with the PDF and a link where anyone can check it is genuine. A misspelt name? Reissue it: the old number then reads as replaced.",
  progress: (sent: number, total: number, failed: number) =>
    `${sent} of ${total} certificate mails sent${failed > 0 ? `; ${failed} could not be delivered (see Mail)` : ""}.`,
} as const;
