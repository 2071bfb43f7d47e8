import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        // App modules import each other as "~/...", as in vite.config.ts.
        resolve: { tsconfigPaths: true },
        test: {
          name: "unit",
          include: ["server/**/*.test.ts", "app/**/*.test.{ts,tsx}", "core/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // After each file: no server log line holds a password, session token or applicant's email or phone.
          setupFiles: ["tests/integration/helpers/log-check.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Every file starts its own servers on free ports with their own data, so two files run at once, one per core.
          maxWorkers: 2,
        },
      },
    ],
  },
});
