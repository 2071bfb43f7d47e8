import { Worker } from "node:worker_threads";
import { BREACHED_PASSWORD_MESSAGE } from "#core/messages/security.ts";
import type { JudgeRequest, Verdict } from "./password-judge.worker";

/**
 * zxcvbn's score (0–4) a new password needs: 3 is "safely unguessable" against an attacker holding the hashes, who has
 * to run argon2id for every guess.
 */
export const MIN_PASSWORD_SCORE = 3;

/** How long the judging thread stays after its last password: a form's retries share it. */
const JUDGE_KEPT_MS = 30_000;

/**
 * The judging thread: the bundle's `password-judge.worker.js` (an entry of `npm run build:server`, beside main.js) when
 * this module runs from build/host; from source (`npm run dev`, the unit tests), the TypeScript file, compiled by tsx
 * in the thread as in the main thread.
 */
function startJudgingThread(): Worker {
  if (!import.meta.url.endsWith(".ts")) return new Worker(new URL("./password-judge.worker.js", import.meta.url));
  const source = JSON.stringify(new URL("./password-judge.worker.ts", import.meta.url).href);
  // An evaluated thread resolves packages from the working directory: the project's, under npm's scripts.
  return new Worker(`import("tsx/esm/api").then(({ register }) => { register(); return import(${source}); });`, { eval: true });
}

interface JudgingThread {
  worker: Worker;
  /** The verdicts awaited from this thread, by request id. */
  waiting: Map<number, { resolve(verdict: Verdict): void; reject(error: Error): void }>;
}

let current: JudgingThread | undefined;
let letGo: NodeJS.Timeout | undefined;
let lastId = 0;

/**
 * Ends the thread once it is idle. It is forgotten at once: a password judged while it is still ending goes to a new
 * thread, as its end would fail every verdict it was still to give.
 */
function letIdleThreadGo(): void {
  if (current && current.waiting.size > 0) {
    letGo = setTimeout(letIdleThreadGo, JUDGE_KEPT_MS).unref();
    return;
  }
  void current?.worker.terminate();
  current = undefined;
}

/**
 * zxcvbn's word lists and ranked dictionaries take some 25 MB of heap and a tenth to a quarter of a second to build,
 * and most days judge no password. So they live in a thread of their own, started when a password is judged and ended
 * half a minute after the last: the server's heap and memory budget (docs/performance.md) never carry them, and the
 * build does not hold up the requests being served meanwhile.
 */
function judgingThread(): JudgingThread {
  clearTimeout(letGo);
  letGo = setTimeout(letIdleThreadGo, JUDGE_KEPT_MS).unref();
  if (current) return current;
  const judging: JudgingThread = { worker: startJudgingThread(), waiting: new Map() };
  const { worker, waiting } = judging;
  worker.on("message", (verdict: Verdict) => {
    waiting.get(verdict.id)?.resolve(verdict);
    waiting.delete(verdict.id);
    if (waiting.size === 0) worker.unref();
  });
  const fail = (error: Error) => {
    if (current === judging) current = undefined;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on("error", fail);
  worker.on("exit", () => fail(new Error("the password judging thread ended")));
  current = judging;
  return judging;
}

function judge(request: Omit<JudgeRequest, "id">): Promise<Verdict> {
  const { worker, waiting } = judgingThread();
  const id = ++lastId;
  // Held while a verdict is awaited (a CLI waits for it), let go otherwise so the thread never keeps a process alive.
  worker.ref();
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, ...request } satisfies JudgeRequest);
  });
}

/**
 * Why a new password is refused, or undefined when it is good enough. `personal` holds what an attacker would try
 * first for this account (its email and its name): a password built from them is refused too.
 */
export async function passwordWeakness(password: string, personal: string[] = []): Promise<string | undefined> {
  const inputs = personal.flatMap((value) => [value, ...value.split(/[^\p{L}\p{N}]+/u)]).filter((value) => value.length >= 3);
  const { breached, score, warning, suggestion } = await judge({ password, personal: inputs });
  if (breached) return BREACHED_PASSWORD_MESSAGE;
  if (score >= MIN_PASSWORD_SCORE) return undefined;
  const why = warning ? ` ${warning.replace(/\.?$/, ".")}` : "";
  const tip = suggestion ? ` ${suggestion.replace(/\.?$/, ".")}` : " Add more words or characters.";
  return `This password is too easy to guess.${why}${tip}`;
}
