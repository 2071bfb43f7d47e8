import { describe, expect, test } from "vitest";
import { parseWrkReport, requireWrk, WRK_MISSING } from "./wrk";

describe("the wrk load client", () => {
  test("its report line gives requests/s over the run's own duration, latencies in ms, and every kind of error summed", () => {
    const output = [
      "Running 8s test @ http://127.0.0.1:3000/",
      "  1 threads and 50 connections",
      'bench-json {"requests":40000,"durationUs":8000000,"errors":3,"p50Us":1250,"p95Us":4000,"p99Us":9800,"maxUs":20500}',
      "Requests/sec:   5000.00",
    ].join("\n");
    expect(parseWrkReport(output)).toEqual({
      requests: 40000,
      requestsPerSecond: 5000,
      p50Ms: 1.25,
      p95Ms: 4,
      p99Ms: 9.8,
      maxMs: 20.5,
      errors: 3,
    });
  });

  test("a run that printed no report line is an error that shows what wrk said", () => {
    expect(() => parseWrkReport("unable to connect to 127.0.0.1:1 Connection refused")).toThrow(/Connection refused/);
  });

  test("without wrk on the PATH the bench stops with the line that installs it, rather than measure in process", () => {
    expect(() => requireWrk({ PATH: "/nonexistent" })).toThrow(WRK_MISSING);
    expect(WRK_MISSING).toContain("apt-get install wrk");
  });
});
