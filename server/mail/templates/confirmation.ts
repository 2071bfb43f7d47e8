import { greetableName } from "#core/greetable-name.ts";
import type { Locale } from "#core/i18n/locale.ts";
import { fillPlaceholders, NAME_STANDING_IN } from "#core/schemas/mail-settings.ts";
import type { OutboxPayload } from "#server/mail/messages.ts";

/**
 * The applicant's confirmation, in the committee's words (the Mail page) in the applicant's language, its placeholders
 * filled in: the name only when it is one a person has (see greetableName), else a stand-in in that language.
 */
export function confirmationMail(
  wording: { subject: string; text: string },
  applicant: { name: string; email: string },
  society: string,
  locale: Locale,
): Extract<OutboxPayload, { kind: "confirmation" }> {
  const name = greetableName(applicant.name);
  const values = { name: name ?? NAME_STANDING_IN[locale], society };
  return {
    kind: "confirmation",
    to: { name: name ?? "", address: applicant.email },
    society,
    subject: fillPlaceholders(wording.subject, values),
    text: fillPlaceholders(wording.text, values),
  };
}
