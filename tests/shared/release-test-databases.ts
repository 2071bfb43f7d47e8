import { afterAll } from "vitest";
import { releaseTestDatabases } from "./test-database";

/** Setup file of the unit and integration projects (vitest.config.ts): a test file's databases go when its tests end. */
afterAll(releaseTestDatabases);
