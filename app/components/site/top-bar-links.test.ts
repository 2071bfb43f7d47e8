import { describe, expect, test } from "vitest";
import { topBarVariant } from "./top-bar-links";

describe("the top bar variant per route", () => {
  test.each([
    ["/", "full"],
    ["/some-unknown-page", "full"],
    ["/admin", "admin"],
    ["/admin-announcement", "admin"],
    ["/admin/", "admin"],
    ["/admin/accounts", "admin"],
    ["/admin/content/team", "admin"],
    ["/admin/login", "admin"],
    ["/administration", "full"],
    ["/announcement", "short"],
    ["/events-and-activities", "short"],
    ["/events-and-activities/med-doc", "short"],
    ["/explore-smc", "short"],
  ] as const)("%s shows the %s top bar", (path, variant) => {
    expect(topBarVariant(path)).toBe(variant);
  });
});
