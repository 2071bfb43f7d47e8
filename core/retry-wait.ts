/** How long to wait before trying again, as a refusal tells a person: whole minutes up to two hours, then whole hours. */
export function retryWait(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes <= 120) return minutes === 1 ? "1 minute" : `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}
