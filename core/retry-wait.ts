import { countOf } from "./count-of";

/**
 * How long to wait before trying again, as every refusal tells a person ("try again in …"): a minute, whole minutes up
 * to two hours, then whole hours; never rounded down.
 */
export function retryWait(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes === 1) return "a minute";
  if (minutes <= 120) return countOf(minutes, "minute");
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}
