import { expect, test, vi } from "vitest";
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

test("a password judged just as the idle thread is let go gets its verdict from a new thread, not an error", async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  try {
    expect(await passwordWeakness("password")).toBe(BREACHED_PASSWORD_MESSAGE);
    // Half a minute idle: the thread is told to end, and ends a moment later, after this password was handed to it.
    vi.advanceTimersByTime(30_000);
    expect(await passwordWeakness("iloveyou")).toBe(BREACHED_PASSWORD_MESSAGE);
  } finally {
    vi.useRealTimers();
  }
});

test("a thread still judging when its half minute is up is kept until it has answered", async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  try {
    const verdict = passwordWeakness("iloveyou");
    vi.advanceTimersByTime(30_000);
    expect(await verdict).toBe(BREACHED_PASSWORD_MESSAGE);
  } finally {
    vi.useRealTimers();
  }
});
