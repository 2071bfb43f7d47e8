/**
 * The thread password-strength.server.ts judges passwords in: zxcvbn with its word lists and ranked dictionaries
 * (some 25 MB of heap), loaded when the thread starts and gone when it ends.
 */
import { parentPort } from "node:worker_threads";
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";

export interface JudgeRequest {
  id: number;
  password: string;
  /** Words an attacker would try first for the account, already split. */
  personal: string[];
}

export interface Verdict {
  id: number;
  /** On the list zxcvbn ships of the most used passwords seen in breaches (lower-cased). */
  breached: boolean;
  /** zxcvbn's score, 0–4. */
  score: number;
  warning: string | null;
  suggestion: string | null;
}

const breachedPasswords = new Set(common.dictionary["passwords-common"]);
const estimator = new ZxcvbnFactory({
  translations: english.translations,
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...english.dictionary },
});

const port = parentPort;
if (!port) throw new Error("password-judge.worker.ts runs as a worker thread");
port.on("message", ({ id, password, personal }: JudgeRequest) => {
  const breached = breachedPasswords.has(password.toLowerCase());
  const { score, feedback } = breached ? { score: 0, feedback: { warning: null, suggestions: [] } } : estimator.check(password, personal);
  port.postMessage({ id, breached, score, warning: feedback.warning, suggestion: feedback.suggestions[0] ?? null } satisfies Verdict);
});
