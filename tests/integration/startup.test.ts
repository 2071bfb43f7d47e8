import { describe, expect, test } from "vitest";
import { serverCommand } from "./helpers/test-server";

function runUntilExit(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = serverCommand(env);
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stderr })));
}

describe("starting with a bad configuration", () => {
  test.each([
    ["PORT", "eighty", "Invalid environment variable PORT: expected a port number from 1 to 65535"],
    ["DATABASE_URL", "mysql://localhost/db", "Invalid environment variable DATABASE_URL: expected a postgres://"],
    ["PUBLIC_URL", "not a url", "Invalid environment variable PUBLIC_URL: expected an absolute http(s) URL"],
  ])("a bad %s stops the start with one line naming it", async (name, value, message) => {
    const { code, stderr } = await runUntilExit({ [name]: value, DATA_DIR: "/tmp/never-created-society-data" });
    expect(code).toBe(1);
    const lines = stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(message);
  });
});
