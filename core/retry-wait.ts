import { countOf } from "./count-of";

/** How long to wait before trying again, as a refusal tells a person: whole minutes up to two hours, then whole hours. */
export function retryWait(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes <= 120) return countOf(minutes, "minute");
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}
