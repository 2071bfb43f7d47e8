/**
 * What no server log may hold: passwords, session tokens, and applicants' emails and phone numbers. The helpers that
 * send them (post, cookieFrom, postForm, serverCommand) remember each value here; every server process the suite starts
 * registers its output; and after each test file `log-check.ts` (a setup file of the integration project) scans every
 * line of every output for every value, failing the file when one is found.
 *
 * The servers run with LOG_LEVEL=info (the production default) unless a test says otherwise, so every line an operator
 * would get is scanned, request lines included; the security events are at warn and show at either level.
 */
const secrets = new Set<string>();
const outputs: { label: string; output: () => string }[] = [];

/** Values shorter than this are too common to scan for ("x", "guess"): they appear in any log by chance. */
const MIN_SECRET_LENGTH = 6;

export function rememberSecret(value: unknown): void {
  if (typeof value !== "string") return;
  for (const form of [value, value.trim(), value.trim().toLowerCase()]) {
    if (form.length < MIN_SECRET_LENGTH) continue;
    secrets.add(form);
    secrets.add(encodeURIComponent(form));
  }
}

export function watchServerOutput(label: string, output: () => string): void {
  outputs.push({ label, output });
}

/**
 * The first-start one-time password is printed to the console on purpose, once, for the operator (README, "The
 * admin"); it is the one line allowed to hold a password.
 */
const INTENDED = /^One-time password: \S+$/;

/** Every line, of every server output registered so far, that holds a remembered value. */
export function leakedSecrets(): string[] {
  const leaks: string[] = [];
  for (const { label, output } of outputs) {
    for (const line of output().split("\n")) {
      if (INTENDED.test(line.trim())) continue;
      for (const secret of secrets) {
        if (line.includes(secret)) leaks.push(`${label}: ${JSON.stringify(secret)} in ${line.slice(0, 300)}`);
      }
    }
  }
  return leaks;
}

/** Forgets the outputs checked so far: a worker runs its files one after another, and each file checks its own. */
export function forgetServerOutputs(): void {
  outputs.length = 0;
}
