import { expect, test } from "vitest";
import { parseProcStat, readProcessCpuMicros } from "./process-cpu";

test("user and system time come from fields 14 and 15, in ticks of 10 ms, whatever the command name holds", () => {
  const stat = "4242 (node (main) x) S 1 4242 4242 0 -1 4194560 9000 0 0 0 250 37 0 0 20 0 11 0 123 1000 2000";
  expect(parseProcStat(stat)).toBe((250 + 37) * 10_000);
});

test("a line without the fields is an error, not a zero", () => {
  expect(() => parseProcStat("4242 (node) S 1")).toThrow("/proc stat has no utime and stime fields");
});

test.runIf(process.platform === "linux")("this process's own CPU time can be read, and grows with work", () => {
  const before = readProcessCpuMicros(process.pid);
  // Reading it in a loop is work: within a tick or two of CPU time (10 ms each) it must have moved.
  const deadline = Date.now() + 5000;
  while (readProcessCpuMicros(process.pid) === before && Date.now() < deadline);
  expect(readProcessCpuMicros(process.pid)).toBeGreaterThan(before);
});
