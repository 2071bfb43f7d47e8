import { describe, expect, test } from "vitest";
import { messageFilterOf, messageFilterQuery, messagesDeleteSchema } from "./messages";

describe("the message inbox's filter", () => {
  test("read from a query string, values it does not understand left out", () => {
    expect(messageFilterOf(new URLSearchParams("q=%20Hira%20&page=2&status=new"))).toEqual({ q: "Hira", page: 2 });
    // A search too long is cut, not dropped: dropping it would widen the list (and its export) to everything.
    expect(messageFilterOf(new URLSearchParams("q=" + "x".repeat(500) + "&page=0"))).toEqual({ q: "x".repeat(100), page: 1 });
    expect(messageFilterOf(new URLSearchParams("q=a%00b&page=abc"))).toEqual({ q: "ab", page: 1 });
    expect(messageFilterOf(new URLSearchParams(""))).toEqual({ page: 1 });
  });

  test("written back as the same query string, the first page and an empty search left out", () => {
    expect(messageFilterQuery({ q: "khan", page: 1 })).toBe("?q=khan");
    expect(messageFilterQuery({ q: "", page: 3 })).toBe("?page=3");
    expect(messageFilterQuery({})).toBe("");
    const filter = messageFilterOf(new URLSearchParams("q=a%26b+c&page=2"));
    expect(messageFilterOf(new URLSearchParams(messageFilterQuery(filter)))).toEqual(filter);
  });

  test("a delete names at least one message, each by its id", () => {
    const id = "01938a4e-7c00-7000-8000-000000000001";
    expect(messagesDeleteSchema.parse({ ids: [id] })).toEqual({ ids: [id] });
    expect(messagesDeleteSchema.safeParse({ ids: [] }).error?.issues[0]?.message).toBe("Choose at least one message");
    expect(messagesDeleteSchema.safeParse({}).error?.issues[0]?.message).toBe("Choose at least one message");
    expect(messagesDeleteSchema.safeParse({ ids: ["1 OR 1=1"] }).error?.issues[0]?.message).toBe("Choose at least one message");
  });
});
