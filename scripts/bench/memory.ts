import fs from "node:fs";

export interface ProcessMemory {
  /** VmHWM: the most resident memory the process ever had. */
  peakBytes: number;
  /** VmRSS: resident memory now. */
  rssBytes: number;
}

/** Reads VmHWM and VmRSS (given in kB) out of the text of /proc/<pid>/status. */
export function parseProcStatus(status: string): ProcessMemory {
  const kib = (field: string) => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(status);
    if (!match) throw new Error(`/proc status has no ${field} line`);
    return Number(match[1]) * 1024;
  };
  return { peakBytes: kib("VmHWM"), rssBytes: kib("VmRSS") };
}

/** The memory of a running process on Linux. */
export function readProcessMemory(pid: number): ProcessMemory {
  return parseProcStatus(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
}
