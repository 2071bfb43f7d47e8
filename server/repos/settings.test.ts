import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { settingsRepo } from "./settings";

describe.each(testEngines())("settings repository on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("Join Us is visible by default", async () => {
    expect(await settingsRepo(database.db).get()).toEqual({ joinUsVisible: true });
  });

  test("hiding Join Us returns and keeps the stored value", async () => {
    const repo = settingsRepo(database.db);
    expect(await repo.setJoinUsVisible(false)).toEqual({ joinUsVisible: false });
    expect(await repo.get()).toEqual({ joinUsVisible: false });
    expect(await repo.setJoinUsVisible(true)).toEqual({ joinUsVisible: true });
    expect(await repo.get()).toEqual({ joinUsVisible: true });
  });
});
