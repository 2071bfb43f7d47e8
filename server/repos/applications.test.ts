import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { newId } from "#server/db/ids.ts";
import type { NewApplication } from "#server/db/schema.ts";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { applicationsRepo, parseAnswers, serializeAnswers } from "./applications";

function application(overrides: Partial<NewApplication> = {}): NewApplication {
  return {
    id: newId(),
    fullname: "Ayesha Khan",
    class: "2nd Year",
    department: "MBBS",
    sargodhaAddress: "12 College Road",
    permanentAddress: "House 4, Street 9",
    email: "ayesha@example.org",
    phone: "03001234567",
    bloodGroup: null,
    answers: serializeAnswers([
      { question: "Why do you want to join us?", answer: "To serve" },
      { question: "Enlist your hobbies", answer: "reading, cricket" },
    ]),
    submissionKey: null,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

describe("stored answers", () => {
  test("a list of questions and answers reads back as it was written", () => {
    const answers = [{ question: "Q", answer: "a, b" }];
    expect(parseAnswers(serializeAnswers(answers))).toEqual(answers);
  });

  test.each(["not json", "{}", "[1,2]", '[{"question":"Q"}]', ""])("unparsable text %j reads as an empty list", (stored) => {
    expect(parseAnswers(stored)).toEqual([]);
  });
});

describe.each(testEngines())("applications repository on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    await database?.destroy();
  });

  test("applications list newest first with their answers", async () => {
    const repo = applicationsRepo(database.db);
    await repo.create(application({ fullname: "Older", createdAt: "2026-11-01T10:00:00.000Z" }));
    await repo.create(application({ fullname: "Newer", createdAt: "2026-11-02T10:00:00.000Z", bloodGroup: "B+" }));
    const list = await repo.listNewestFirst();
    expect(list.map((a) => a.fullname)).toEqual(["Newer", "Older"]);
    expect(list[0]).toMatchObject({ bloodGroup: "B+", sargodhaAddress: "12 College Road", permanentAddress: "House 4, Street 9" });
    expect(list[1]?.answers[1]).toEqual({ question: "Enlist your hobbies", answer: "reading, cricket" });
    expect(await repo.count()).toBe(2);
  });

  test("whether an email applied since a moment, and the possible-duplicate mark read back", async () => {
    const repo = applicationsRepo(database.db);
    await repo.create(application({ createdAt: "2026-11-01T10:00:00.000Z" }));
    await repo.create(application({ email: "other@example.org", createdAt: "2026-11-20T10:00:00.000Z", possibleDuplicate: 1 }));
    expect(await repo.appliedSince("ayesha@example.org", new Date("2026-11-01T10:00:00.000Z"))).toBe(true);
    expect(await repo.appliedSince("ayesha@example.org", new Date("2026-11-01T10:00:00.001Z"))).toBe(false);
    expect(await repo.appliedSince("nobody@example.org", new Date("2026-01-01T00:00:00.000Z"))).toBe(false);
    expect((await repo.listNewestFirst()).map((a) => a.possibleDuplicate)).toEqual([true, false]);
  });

  test("a row whose answers do not parse still lists, with no answers", async () => {
    const repo = applicationsRepo(database.db);
    const row = application({ answers: "[broken" });
    await repo.create(row);
    expect((await repo.findById(row.id))?.answers).toEqual([]);
  });

  test("the same submission key stores one application, not two", async () => {
    const repo = applicationsRepo(database.db);
    const first = await repo.create(application({ submissionKey: "key-1" }));
    const retry = await repo.create(application({ submissionKey: "key-1" }));
    expect(first.created).toBe(true);
    expect(retry).toEqual({ id: first.id, created: false });
    expect(await repo.count()).toBe(1);
  });

  test("deleting removes the row once", async () => {
    const repo = applicationsRepo(database.db);
    const row = application();
    await repo.create(row);
    expect(await repo.delete([row.id])).toEqual([row.id]);
    expect(await repo.delete([row.id])).toEqual([]);
    expect(await repo.findById(row.id)).toBeUndefined();
    expect(await repo.count()).toBe(0);
  });
});
