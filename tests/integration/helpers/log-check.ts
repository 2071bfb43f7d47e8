import { afterAll } from "vitest";
import { ADMIN } from "./admin";
import { joinApplication, contactMessage } from "./forms";
import { forgetServerOutputs, leakedSecrets, rememberSecret } from "./log-secrets";

/**
 * Setup file of the integration project (vitest.config.ts): after each test file, once its servers have stopped, no
 * line any of them wrote may hold a password, a session token, or an applicant's email or phone (helpers/log-secrets.ts).
 */
rememberSecret(ADMIN.password);
for (const fields of [joinApplication(), contactMessage()]) {
  rememberSecret(fields.email);
  rememberSecret(fields.phone);
}
rememberSecret("ayesha@example.org"); // seedApplication's applicant
rememberSecret("03001234567");

afterAll(() => {
  const leaks = leakedSecrets();
  forgetServerOutputs();
  if (leaks.length > 0) throw new Error(`Server logs hold secrets or applicants' personal data:\n${leaks.join("\n")}`);
});
