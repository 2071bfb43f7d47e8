import { expect, test } from "vitest";
import { BREACHED_PASSWORD_MESSAGE } from "#core/messages/security.ts";
import { passwordWeakness } from "./password-strength.server";

test("passwords judged at the same time each get their own verdict from the judging thread", async () => {
  const passwords = ["password", "kq8#Vz2!Lm tiger lily", "aaaaaaaaaaaa", "iloveyou", "ayeshakhan"];
  const verdicts = await Promise.all(passwords.map((password) => passwordWeakness(password, ["ayesha.khan@example.org"])));
  expect(verdicts[0]).toBe(BREACHED_PASSWORD_MESSAGE);
  expect(verdicts[1]).toBeUndefined();
  expect(verdicts[2]).toMatch(/^This password is too easy to guess\. Repeated characters/);
  expect(verdicts[3]).toBe(BREACHED_PASSWORD_MESSAGE);
  expect(verdicts[4]).toContain("There should not be any personal or page related data.");
});
