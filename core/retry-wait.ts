import { fill } from "#core/i18n/catalogue.ts";
import { formsEn, type FormWords } from "#core/i18n/forms/en.ts";

/**
 * How long to wait before trying again, as every refusal tells a person ("try again in …"): a minute, whole minutes up
 * to two hours, then whole hours; never rounded down. In the words of the refusal's language (English unless given).
 */
export function retryWait(seconds: number, words: Pick<FormWords["checks"], "aMinute" | "minutes" | "hours"> = formsEn.checks): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes === 1) return words.aMinute;
  if (minutes <= 120) return fill(words.minutes, { count: minutes });
  return fill(words.hours, { count: Math.ceil(minutes / 60) });
}
