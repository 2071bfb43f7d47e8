import { configDefaults, defineConfig } from "vitest/config";

const UNIT_FILES_WITH_MODULE_MOCKS = [
  "server/auth/login.server.test.ts",
  "server/auth/change-password.server.test.ts",
  "server/auth/login-hashing.server.test.ts",
  "app/lib/video-upload.test.ts",
];

const unitLevel = {
  // Run together (`npm run test:coverage`), the unit tests go first, then the integration tests with their own workers.
  sequence: { groupOrder: 0 },
  include: ["server/**/*.test.ts", "app/**/*.test.{ts,tsx}", "core/**/*.test.ts", "scripts/**/*.test.ts"],
  environment: "node" as const,
  setupFiles: ["tests/shared/release-test-databases.ts"],
  // Vitest's default on two cores is one worker; the tests wait on PostgreSQL and the disk often enough for two.
  maxWorkers: 2,
};

export default defineConfig({
  test: {
    // `npm run test:coverage`: what the unit and integration tests run of server/ and core/ (tests/coverage/report.ts
    // adds what the server processes the integration tests start ran).
    coverage: {
      provider: "v8",
      include: ["server/**", "core/**"],
      // build/server/ too would match server/** (an integration test reads the route manifest from it).
      exclude: ["**/*.test.ts", "build/**"],
      reporter: ["json"],
      reportsDirectory: "build/coverage",
      // A failed test still leaves the figures of what ran (the run itself fails all the same).
      reportOnFailure: true,
    },
    projects: [
      {
        test: {
          ...unitLevel,
          name: "unit",
          exclude: [...configDefaults.exclude, ...UNIT_FILES_WITH_MODULE_MOCKS],
          // The unit files share each worker's loaded modules (a third faster): every test seeds its own database and
          // services, so nothing a file leaves in a module is read by the next.
          isolate: false,
        },
      },
      {
        test: {
          ...unitLevel,
          // A `vi.mock` holds only in a file that loads the mocked module afresh, so these files keep their own modules.
          name: "unit-isolated",
          include: UNIT_FILES_WITH_MODULE_MOCKS,
        },
      },
      {
        test: {
          name: "integration",
          sequence: { groupOrder: 1 },
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // The demo content's first start, made once per engine and copied for each test server that starts the same way.
          globalSetup: ["tests/integration/helpers/server-templates.ts"],
          // After each file: no server log line holds a password, session token or applicant's email or phone.
          setupFiles: ["tests/shared/release-test-databases.ts", "tests/integration/helpers/log-check.ts", "tests/coverage/servers.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Every file starts its own servers on free ports with their own data, so two files run at once, one per core.
          maxWorkers: 2,
          // A worker's files share its loaded modules (the helpers, Kysely, the drivers): every file starts its own
          // servers and seeds its own data, and none mocks a module (a file that must, belongs in unit-isolated).
          isolate: false,
        },
      },
    ],
  },
});
