import pino from "pino";
import { describe, expect, test } from "vitest";
import { READINESS_CHECK_SECONDS, type ReadinessResult, readinessProbe } from "./readiness";

const READINESS_CHECK_TTL_MS = READINESS_CHECK_SECONDS * 1000;

const result = (storage: boolean): ReadinessResult => ({
  ready: storage,
  checks: { accepting: true, database: true, migrations: true, storage },
});

describe("readinessProbe", () => {
  function probe(checkEveryMs?: number) {
    const lines: string[] = [];
    const state = { accepting: true };
    let clock = 0;
    let storageUp = true;
    let checks = 0;
    const ready = readinessProbe(
      state,
      async () => {
        checks += 1;
        return result(storageUp);
      },
      pino({ level: "info" }, { write: (line: string) => lines.push(line) }),
      { checkEveryMs, now: () => clock },
    );
    return {
      ready,
      state,
      lines,
      checks: () => checks,
      advance: (ms: number) => (clock += ms),
      setStorage: (up: boolean) => (storageUp = up),
    };
  }

  test("asked a hundred times at once and again within the time a result stands, it checks once", async () => {
    const p = probe();
    expect(await Promise.all(Array.from({ length: 100 }, p.ready))).toEqual(Array(100).fill(true));
    p.advance(READINESS_CHECK_TTL_MS - 1);
    expect(await p.ready()).toBe(true);
    expect(p.checks()).toBe(1);
    p.advance(1);
    expect(await p.ready()).toBe(true);
    expect(p.checks()).toBe(2);
  });

  test("READINESS_CHECK_SECONDS sets how long a result stands; 0 checks at every ask", async () => {
    const p = probe(0);
    await p.ready();
    await p.ready();
    expect(p.checks()).toBe(2);
  });

  test("a failing check turns it to not ready at its next check, logged once by name; recovery is logged too", async () => {
    const p = probe();
    expect(await p.ready()).toBe(true);
    p.setStorage(false);
    expect(await p.ready()).toBe(true); // the standing result
    p.advance(READINESS_CHECK_TTL_MS);
    expect(await p.ready()).toBe(false);
    p.advance(READINESS_CHECK_TTL_MS);
    expect(await p.ready()).toBe(false);
    const warnings = p.lines.map((line) => JSON.parse(line) as { msg: string; checks?: Record<string, boolean> });
    expect(warnings).toEqual([
      expect.objectContaining({ msg: "not ready: a readiness check fails", checks: expect.objectContaining({ storage: false }) }),
    ]);
    p.setStorage(true);
    p.advance(READINESS_CHECK_TTL_MS);
    expect(await p.ready()).toBe(true);
    expect(p.lines).toHaveLength(2);
  });

  test("shutting down answers not ready at once, without waiting for a check", async () => {
    const p = probe();
    expect(await p.ready()).toBe(true);
    p.state.accepting = false;
    expect(await p.ready()).toBe(false);
    expect(p.checks()).toBe(1);
  });
});
