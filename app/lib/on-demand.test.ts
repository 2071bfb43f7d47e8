import { describe, expect, test, vi } from "vitest";
import { onDemand } from "./on-demand";

describe("a module loaded on demand", () => {
  test("is fetched once however often it is asked for (hover, focus, click), and is there for every caller after", async () => {
    const fetchModule = vi.fn(() => Promise.resolve({ name: "dialog" }));
    const source = onDemand(fetchModule, "the dialog");
    const listener = vi.fn();
    source.subscribe(listener);
    expect(source.current()).toBeNull();

    const [first, second] = await Promise.all([source.load(), source.load()]);
    await source.load();
    expect(fetchModule).toHaveBeenCalledTimes(1);
    expect(first).toEqual({ name: "dialog" });
    expect(second).toBe(first);
    expect(source.current()).toBe(first);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  test("a failed fetch resolves to null, says so on the console, and the next load tries again", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const fetchModule = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce({ name: "dialog" });
    const source = onDemand<{ name: string }>(fetchModule, "the dialog");

    expect(await source.load()).toBeNull();
    expect(source.current()).toBeNull();
    expect(consoleError).toHaveBeenCalledWith("Could not load the dialog", expect.any(Error));

    expect(await source.load()).toEqual({ name: "dialog" });
    expect(fetchModule).toHaveBeenCalledTimes(2);
    consoleError.mockRestore();
  });

  test("a listener that unsubscribed is not called", async () => {
    const source = onDemand(() => Promise.resolve(1), "a number");
    const listener = vi.fn();
    const unsubscribe = source.subscribe(listener);
    unsubscribe();
    await source.load();
    expect(listener).not.toHaveBeenCalled();
  });
});
