import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type CapturedResponse, toJson } from "./captured-response";

export interface Baseline {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts scripts/bench/baseline-server.ts in a process of its own, answering with `responses`. */
export async function startBaseline(responses: CapturedResponse[]): Promise<Baseline> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "society-bench-"));
  const file = path.join(dir, "responses.json");
  fs.writeFileSync(file, toJson(responses));
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(new URL("./baseline-server.ts", import.meta.url)), file], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`the baseline server exited with ${code} before listening`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
