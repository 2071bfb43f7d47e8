/** The part of @bcoe/v8-coverage (V8's coverage merger that Vitest uses; it ships no types) that the report uses. */
declare module "@bcoe/v8-coverage" {
  import type { Profiler } from "node:inspector";

  export function mergeScriptCovs(scripts: Profiler.ScriptCoverage[]): Profiler.ScriptCoverage | undefined;
}
