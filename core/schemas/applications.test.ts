import { describe, expect, test } from "vitest";
import { applicationFilterOf, applicationFilterQuery, applicationNoteSchema } from "./applications";

describe("the request list's filter", () => {
  test("read from a query string, values it does not understand left out", () => {
    const params = new URLSearchParams("q=%20Ayesha%20&status=accepted&from=2026-11-01&to=2026-11-30&page=3");
    expect(applicationFilterOf(params)).toEqual({ q: "Ayesha", status: "accepted", from: "2026-11-01", to: "2026-11-30", page: 3 });
    expect(applicationFilterOf(new URLSearchParams("status=archived&from=yesterday&to=2026-02-31&page=-2"))).toEqual({ page: 1 });
    // A search too long is cut, not dropped: dropping it would widen the list (and its export) to everything.
    expect(applicationFilterOf(new URLSearchParams(`q=${"x".repeat(500)}`)).q).toBe("x".repeat(100));
    expect(applicationFilterOf(new URLSearchParams(""))).toEqual({ page: 1 });
  });

  test("written back as the same query string, the first page and empty values left out", () => {
    expect(applicationFilterQuery({ q: "khan", status: "new", page: 1 })).toBe("?q=khan&status=new");
    expect(applicationFilterQuery({ q: "", page: 2 })).toBe("?page=2");
    expect(applicationFilterQuery({})).toBe("");
    const filter = applicationFilterOf(new URLSearchParams("q=a%26b&from=2026-01-01&page=2"));
    expect(applicationFilterOf(new URLSearchParams(applicationFilterQuery(filter)))).toEqual(filter);
  });

  test("a note is trimmed, and an empty one is refused", () => {
    expect(applicationNoteSchema.parse({ note: "  Called  " })).toEqual({ note: "Called" });
    expect(applicationNoteSchema.safeParse({ note: " " }).error?.issues[0]?.message).toBe("Write a note");
  });
});
