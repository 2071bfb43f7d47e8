import { expect } from "vitest";
import type { TestServer } from "./test-server";

/**
 * After a run: the server logged no error or fatal line, no unhandled rejection or uncaught exception, and no
 * stack trace (a refused request is the client's mistake, never the server's).
 */
export function expectCleanServerLog(server: TestServer): void {
  const output = server.output();
  expect(output).not.toMatch(/unhandled|uncaught/i);
  expect(output).not.toMatch(/\n\s+at .+:\d+:\d+/);
  expect(output.split("\n").filter((line) => /"level":"(error|fatal)"|"level":(50|60)\b/.test(line))).toEqual([]);
}
