import { ConfigError, parseConfig } from "#server/config.ts";

/** The lines with which `env` stops the start; fails the test when it starts. */
export function configProblems(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("expected a ConfigError");
}
