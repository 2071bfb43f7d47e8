import fs from "node:fs";

/** USER_HZ, the unit of the CPU times in /proc/<pid>/stat: 100 on Linux for every architecture Node runs on here. */
const TICKS_PER_SECOND = 100;

/** User plus system CPU time, in microseconds, out of the text of /proc/<pid>/stat. */
export function parseProcStat(stat: string): number {
  // The command name (field 2) is in parentheses and may hold spaces or parentheses itself: count from after it.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Fields 14 and 15 of the whole line (utime, stime) are 12th and 13th after the name: state is the first.
  const [utime, stime] = [Number(fields[11]), Number(fields[12])];
  if (!Number.isInteger(utime) || !Number.isInteger(stime)) throw new Error("/proc stat has no utime and stime fields");
  return ((utime + stime) * 1_000_000) / TICKS_PER_SECOND;
}

/** The CPU time a running process has used so far (all its threads), on Linux. */
export function readProcessCpuMicros(pid: number): number {
  return parseProcStat(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
}
