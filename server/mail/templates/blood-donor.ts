import { greetableName } from "#core/greetable-name.ts";
import { NO_MONEY_FOR_BLOOD } from "#core/messages/common.ts";
import { BLOOD_ASK_ANSWER_PAGE, BLOOD_DONOR_LINK_PAGE } from "#core/public-pages.ts";
import type { QueuedRecipientMail } from "#server/services/public-submissions.ts";

/** The site's name and address, as a donor's mails give them. */
export interface DonorMailSite {
  siteName: string;
  publicUrl: string;
}

/**
 * Why a donor's link is mailed: `signed-up`, a new donor, who confirms from it; `asked`, a new link asked for by email
 * (or the sign-up form sent again for an address already in the registry); `reminder`, a donor silent for 6 months,
 * asked whether they are still willing.
 */
export type DonorLinkReason = "signed-up" | "asked" | "reminder";

/**
 * A mail to a donor with one link: `before` it, the link on its line, `after` it, then the sentence every donor mail
 * ends with and the society's name. Greets and addresses only a name that looks like a person's.
 */
function donorMail(
  kind: "blood-donor" | "blood-ask",
  person: { name: string; email: string },
  mail: { subject: string; before: (hello: string) => string[]; after: string[]; link: string },
  site: DonorMailSite,
): QueuedRecipientMail {
  const name = greetableName(person.name);
  return {
    payload: {
      kind,
      to: { name: name ?? "", address: person.email },
      subject: mail.subject,
      before: mail.before(name ? `Hello ${name},` : "Hello,").join("\n"),
      after: [...mail.after, "", NO_MONEY_FOR_BLOOD, "", site.siteName].join("\n"),
    },
    secretLink: mail.link,
  };
}

/**
 * A donor's mail with their personal link (its token, 256 random bits, is in this mail only). The address typed may be
 * a stranger's: the typed name is in it only when it looks like a person's, and it says what to do if it was not them.
 */
export function donorLinkMail(
  person: { name: string; email: string },
  reason: DonorLinkReason,
  site: DonorMailSite,
  token: string,
): QueuedRecipientMail {
  const opening = {
    "signed-up": [
      `This address was given to join the blood-donor registry of ${site.siteName}. No coordinator sees your details until you confirm: open this link and press Confirm.`,
    ],
    reminder: [
      `You have been in the blood-donor registry of ${site.siteName} for a while. Are you still willing to be asked? Open your link and press "Yes, I am still willing", or change your details, or withdraw.`,
      "",
      "If we hear nothing from you for 12 months after you last said so, your details are deleted.",
    ],
    asked: [`A new personal link to your place in the blood-donor registry of ${site.siteName} was asked for.`],
  }[reason];
  const closing = {
    "signed-up": "If you did not sign up, ignore this mail: the details are deleted after 7 days and nothing more is sent.",
    asked: "If you did not ask for it, you can ignore this mail.",
    reminder: "You get this mail because you agreed to be in the registry.",
  }[reason];
  const subject = {
    "signed-up": `Confirm you are a blood donor: ${site.siteName}`,
    reminder: `Are you still willing to give blood? ${site.siteName}`,
    asked: `Your blood-donor link: ${site.siteName}`,
  }[reason];
  return donorMail(
    "blood-donor",
    person,
    {
      subject,
      before: (hello) => [hello, "", ...opening, "", "Your personal link:"],
      after: [
        "",
        "Keep this mail: the link is yours alone, and no password is needed. From it you can say whether you are available, record a donation, change your city or phone, or withdraw, which erases your details. Your earlier link, if you had one, no longer works.",
        "",
        closing,
      ],
      link: `${site.publicUrl}${BLOOD_DONOR_LINK_PAGE}?token=${token}`,
    },
    site,
  );
}

/** What a coordinator's ask says of the request. */
export interface AskedRequest {
  patientGroup: string;
  units: number;
  hospital: string;
  city: string;
  neededByText: string;
}

/**
 * A coordinator's ask to a donor for a request, with the link where they answer "I can donate" or "I can't this time"
 * (its token, 256 random bits, is in this mail only). The donor confirmed this address from their own link.
 */
export function bloodAskMail(
  donor: { name: string; email: string },
  request: AskedRequest,
  site: DonorMailSite,
  token: string,
): QueuedRecipientMail {
  const units = `${request.units} unit${request.units === 1 ? "" : "s"}`;
  return donorMail(
    "blood-ask",
    donor,
    {
      subject: `${request.patientGroup} blood needed at ${request.hospital}: can you donate?`,
      before: (hello) => [
        hello,
        "",
        `${site.siteName} is looking for ${request.patientGroup} blood (${units}) for a patient at ${request.hospital}, ${request.city}, needed by ${request.neededByText}. Your blood group can help.`,
        "",
        "Can you donate? Open this link and answer, so the coordinators know whom to count on:",
      ],
      after: [
        "",
        "If you can, a coordinator will contact you with the details. If you can't this time, saying so helps just as much: no one will wait for you.",
      ],
      link: `${site.publicUrl}${BLOOD_ASK_ANSWER_PAGE}?token=${token}`,
    },
    site,
  );
}
