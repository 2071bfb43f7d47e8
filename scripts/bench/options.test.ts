import { expect, test } from "vitest";
import { DEFAULT_OPTIONS, optionsFromArgs } from "./options";

test("without options: 3 rounds of 10 s with 10 connections, every endpoint, a browser's Accept-Encoding", () => {
  expect(optionsFromArgs([])).toEqual(DEFAULT_OPTIONS);
  expect(DEFAULT_OPTIONS).toMatchObject({ durationSeconds: 10, connections: 10, rounds: 3, acceptEncoding: "gzip, deflate, br, zstd" });
  expect(DEFAULT_OPTIONS.only).toEqual(["home", "announcements", "events", "image", "join"]);
});

test("each option sets its value; --only keeps the endpoints' own order", () => {
  expect(
    optionsFromArgs(["--duration", "3", "--rounds", "1", "--connections", "20", "--only", "join,home", "--accept-encoding", "identity"]),
  ).toEqual({
    durationSeconds: 3,
    connections: 20,
    rounds: 1,
    only: ["home", "join"],
    acceptEncoding: "identity",
  });
});

test("a bad value or an unknown option is refused with a message naming it", () => {
  expect(() => optionsFromArgs(["--duration", "0"])).toThrow('--duration expects a whole number of at least 1 (got "0")');
  expect(() => optionsFromArgs(["--rounds", "two"])).toThrow('--rounds expects a whole number of at least 1 (got "two")');
  expect(() => optionsFromArgs(["--only", "home,admin"])).toThrow(
    '--only expects some of home, announcements, events, image, join (got "admin")',
  );
  expect(() => optionsFromArgs(["--connections"])).toThrow("--connections expects a value");
  expect(() => optionsFromArgs(["--runs", "3"])).toThrow("unknown option --runs");
});
