import { expect, test } from "vitest";
import { parseProcStatus, readProcessMemory } from "./memory";

test("peak and current resident memory come from VmHWM and VmRSS, in bytes", () => {
  const status = "Name:\tnode\nVmPeak:\t 1234567 kB\nVmHWM:\t  204800 kB\nVmRSS:\t  102400 kB\nThreads:\t11\n";
  expect(parseProcStatus(status)).toEqual({ peakBytes: 204800 * 1024, rssBytes: 102400 * 1024 });
});

test("a status without the lines is an error, not a zero", () => {
  expect(() => parseProcStatus("Name:\tnode\n")).toThrow("/proc status has no VmHWM line");
});

test.runIf(process.platform === "linux")("this process's own memory can be read", () => {
  const memory = readProcessMemory(process.pid);
  expect(memory.rssBytes).toBeGreaterThan(0);
  expect(memory.peakBytes).toBeGreaterThanOrEqual(memory.rssBytes);
});
