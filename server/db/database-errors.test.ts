import { describe, expect, test } from "vitest";
import { isDatabaseUnavailable } from "./database-errors";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("telling an unreachable database from other errors", () => {
  test.each([
    ["a refused connection", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["pg's connect timeout", new Error("timeout exceeded when trying to connect")],
    ["a connection cut mid-query", new Error("Connection terminated unexpectedly")],
    ["PostgreSQL shutting down", withCode("terminating connection due to administrator command", "57P01")],
    ["SQLite locked too long", withCode("database is locked", "SQLITE_BUSY")],
    ["SQLite disk full", withCode("database or disk is full", "SQLITE_FULL")],
    ["SQLite I/O error", withCode("disk I/O error", "SQLITE_IOERR_WRITE")],
    ["a wrapped cause", new Error("query failed", { cause: withCode("connect ECONNREFUSED", "ECONNREFUSED") })],
  ])("%s is unavailability", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  test.each([
    ["a unique violation", withCode("duplicate key value violates unique constraint", "23505")],
    ["a syntax error", withCode('syntax error at or near "selec"', "42601")],
    ["SQLite constraint", withCode("UNIQUE constraint failed: admins.email", "SQLITE_CONSTRAINT_UNIQUE")],
    ["a plain bug", new TypeError("Cannot read properties of undefined")],
    ["not an error", "ECONNREFUSED"],
  ])("%s is not", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
