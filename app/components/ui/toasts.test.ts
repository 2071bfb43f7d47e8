import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";

/** What the stand-in for react-hot-toast was asked to show, in order. */
let shown: string[];
/** Lets the pending fetch of the stand-in arrive (each fetch waits for its own call). */
let arrive: () => void;
let failNextLoad: boolean;

function fakeLibrary() {
  const record = (kind: string) => (message: string, options?: { id?: string }) => {
    shown.push(`${kind} ${options?.id ?? "(no id)"} ${message}`);
    return options?.id ?? "generated";
  };
  return {
    default: Object.assign(record("blank"), { success: record("success"), error: record("error"), loading: record("loading") }),
    Toaster: () => null,
  };
}

const gate = () => new Promise<void>((resolve) => (arrive = resolve));

/** A fresh copy of toasts.ts whose react-hot-toast is the stand-in above. */
async function freshToasts() {
  vi.resetModules();
  let arrival = gate();
  vi.doMock("react-hot-toast", async () => {
    await arrival;
    arrival = gate();
    if (failNextLoad) {
      failNextLoad = false;
      throw new Error("chunk failed to load");
    }
    return fakeLibrary();
  });
  return import("./toasts");
}

/** Lets the pending import settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  shown = [];
  failNextLoad = false;
});
afterEach(() => vi.restoreAllMocks());

describe("toasts loaded on the first toast", () => {
  test("toasts asked for before the library arrives show once it has, in order, a loading toast replaced by its own id", async () => {
    const { showToast } = await freshToasts();
    const id = showToast.loading("Processing...");
    showToast.message("Hello");
    showToast.success("Done", { id });
    expect(shown).toEqual([]);

    arrive();
    await settle();
    expect(shown).toEqual([`loading ${id} Processing...`, expect.stringMatching(/^blank toast-\d+ Hello$/), `success ${id} Done`]);
  });

  test("a toast asked for as the library arrives, before the waiting ones are shown, shows after them", async () => {
    const { showToast, toastLibrary } = await freshToasts();
    const id = showToast.loading("toggling...");
    // As React does when the library's arrival re-renders the page and an effect shows the next toast at once.
    toastLibrary.subscribe(() => showToast.success("Toggled successfully", { id }));
    arrive();
    await settle();
    expect(shown).toEqual([`loading ${id} toggling...`, `success ${id} Toggled successfully`]);
  });

  test("once loaded, a toast shows at once, and every toast gets an id of its own", async () => {
    const { showToast } = await freshToasts();
    const first = showToast.error("One");
    arrive();
    await settle();
    const second = showToast.error("Two");
    expect(shown).toEqual([`error ${first} One`, `error ${second} Two`]);
    expect(second).not.toBe(first);
  });

  test("preloading fetches the library without showing anything; the Toaster's subscribers hear of it once", async () => {
    const { preloadToasts, toastLibrary } = await freshToasts();
    const listener = vi.fn();
    toastLibrary.subscribe(listener);
    preloadToasts();
    preloadToasts();
    expect(toastLibrary.current()).toBeNull();

    arrive();
    await settle();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(toastLibrary.current()?.Toaster).toBeTypeOf("function");
    expect(shown).toEqual([]);
  });

  test("when the library fails to load, its waiting toasts are dropped and the next toast loads it again", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { showToast } = await freshToasts();
    failNextLoad = true;
    showToast.error("Lost");
    arrive();
    await settle();
    expect(shown).toEqual([]);
    expect(consoleError).toHaveBeenCalledWith("Could not load the toasts", expect.any(Error));

    const id = showToast.error("Shown");
    arrive();
    await settle();
    expect(shown).toEqual([`error ${id} Shown`]);
  });
});
