import fs from "node:fs";
import { describe, expect, test } from "vitest";
import { checkTargets, type LoadResult, median, medianRun, nearestRank, parseProcStatus, summarise } from "./report";

const run = (requestsPerSecond: number, p99Ms = 10, errors = 0): LoadResult => ({ requestsPerSecond, p50Ms: p99Ms / 2, p99Ms, errors });
const rss = 120_000_000;

describe("median", () => {
  test("of an odd count is the middle value, of an even count the mean of the middle two", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  test("the median run is the one with the median requests/s, its latencies with it", () => {
    expect(medianRun([run(900, 30), run(100, 10), run(500, 20)])).toEqual(run(500, 20));
    expect(medianRun([run(400), run(100), run(300), run(200)]).requestsPerSecond).toBe(200);
  });
});

describe("nearestRank", () => {
  test("is the smallest value with at least that fraction of the values at or below it", () => {
    const hundred = Array.from({ length: 100 }, (_, n) => n + 1);
    expect(nearestRank(hundred, 0.95)).toBe(95);
    expect(nearestRank(hundred, 0.5)).toBe(50);
    expect(nearestRank([7, 8, 9], 0.95)).toBe(9);
    expect(nearestRank([7, 8, 9], 0)).toBe(7);
    expect(nearestRank([], 0.5)).toBeNaN();
  });
});

describe("summarise", () => {
  test("the ratio is the median of each round's server over baseline, not the ratio of the medians", () => {
    const summary = summarise({
      name: "home",
      path: "/",
      page: true,
      server: [run(100), run(300), run(200)],
      baseline: [run(1000), run(1000), run(200)],
      warmupErrors: 0,
    });
    // Round ratios 0.1, 0.3, 1.0: the median is 0.3, while 200 / 1000 would say 0.2.
    expect(summary.ratio).toBeCloseTo(0.3);
    expect(summary.server.requestsPerSecond).toBe(200);
    expect(summary.baseline?.requestsPerSecond).toBe(1000);
  });

  test("errors add up over every run of both servers, warm-up included", () => {
    const summary = summarise({
      name: "image",
      path: "/uploads/x.avif",
      page: false,
      server: [run(1, 1, 2)],
      baseline: [run(1, 1, 3)],
      warmupErrors: 1,
    });
    expect(summary.errors).toBe(6);
  });
});

describe("targets", () => {
  const page = (ratio: number) =>
    summarise({ name: "home", path: "/", page: true, server: [run(ratio * 1000)], baseline: [run(1000)], warmupErrors: 0 });
  const join = (rate: number, p99: number, errors = 0) =>
    summarise({ name: "join", path: "/join", page: false, server: [run(rate, p99, errors)], warmupErrors: 0 });

  test("a page at 0.3 of the baseline's rate passes, below it misses", () => {
    expect(checkTargets([page(0.3)], rss, 2)[0]).toMatchObject({
      target: "/ at >= 0.3 of the baseline's req/s",
      measured: "0.30",
      pass: true,
    });
    expect(checkTargets([page(0.29)], rss, 2)[0]!.pass).toBe(false);
  });

  test("join needs 300 req/s and a p99 under 100 ms, and says on how many cores", () => {
    const [rate, p99] = checkTargets([join(310, 99.9)], rss, 2);
    expect(rate).toMatchObject({ target: "join >= 300 req/s (2 cores)", measured: "310 req/s", pass: true });
    expect(p99).toMatchObject({ measured: "99.9 ms", pass: true });
    expect(
      checkTargets([join(299, 100)], rss, 2)
        .slice(0, 2)
        .map((c) => c.pass),
    ).toEqual([false, false]);
  });

  test("a single error response, or 150 MB of RSS after the run, is a miss", () => {
    const checks = checkTargets([join(400, 10, 1)], 150_000_000, 2);
    expect(checks.find((c) => c.target === "no error responses")).toMatchObject({ measured: "1", pass: false });
    expect(checks.find((c) => c.target.startsWith("server RSS"))).toMatchObject({ measured: "150.0 MB", pass: false });
  });

  test("an endpoint left out with --only has no target checked", () => {
    expect(checkTargets([page(0.7)], rss, 2).map((c) => c.target)).toEqual([
      "/ at >= 0.3 of the baseline's req/s",
      "no error responses",
      "server RSS after the run < 150.0 MB",
    ]);
  });
});

describe("process memory", () => {
  test("peak and current resident memory come from VmHWM and VmRSS, in bytes", () => {
    const status = "Name:\tnode\nVmPeak:\t 1234567 kB\nVmHWM:\t  204800 kB\nVmRSS:\t  102400 kB\nThreads:\t11\n";
    expect(parseProcStatus(status)).toEqual({ peakBytes: 204800 * 1024, rssBytes: 102400 * 1024 });
  });

  test("a status without the lines is an error, not a zero", () => {
    expect(() => parseProcStatus("Name:\tnode\n")).toThrow("/proc status has no VmHWM line");
  });

  test.runIf(process.platform === "linux")("this process's own status parses", () => {
    const memory = parseProcStatus(fs.readFileSync("/proc/self/status", "utf8"));
    expect(memory.rssBytes).toBeGreaterThan(0);
    expect(memory.peakBytes).toBeGreaterThanOrEqual(memory.rssBytes);
  });
});
